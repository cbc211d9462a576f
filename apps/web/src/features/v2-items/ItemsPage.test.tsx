// @vitest-environment jsdom
import {
  v2EvaluationEndpoints,
  v2ItemEndpoints,
  v2TemplateEndpoints,
  type V2Evaluation,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi } from '../../test-support/fake-api';
import { v2Evaluation, v2Item } from '../../test-support/fixtures';
import { renderRoute } from '../../test-support/render';

const URL = '/evaluations-v2/9/items';
const stored = [
  v2Item({ id: 91, question_text: 'Trabaja en equipo', type: 'rating', position: 0 }),
  v2Item({
    id: 92,
    question_text: 'Cumple sus objetivos',
    type: 'status_3',
    section: 'objective',
    position: 1,
  }),
];
const scale = {
  id: 3,
  name: 'Frecuencia',
  min_value: 1,
  max_value: 4,
  labels: ['Nunca', 'A veces', 'Casi siempre', 'Siempre'],
};

function itemsApi(evaluation: V2Evaluation) {
  return new FakeApi()
    .on(v2EvaluationEndpoints.get, evaluation)
    .on(v2ItemEndpoints.list, { items: stored })
    .on(v2TemplateEndpoints.scales, [scale])
    .on(v2ItemEndpoints.replace, ({ body }) => ({
      items: body.items.map((item, i) =>
        v2Item({
          ...stored.find((s) => s.id === item.id),
          ...(item.question_text !== undefined ? { question_text: item.question_text } : {}),
          ...(item.type !== undefined ? { type: item.type } : {}),
          id: item.id === undefined ? 100 + i : Number(item.id),
          position: i,
        }),
      ),
    }));
}

const item = (n: number) => screen.getByRole('group', { name: `Ítem ${n}` });

describe('Ítems de la evaluación 360: a draft', () => {
  it('sends the whole list in its order, a new item without a scale when it is not a rating', async () => {
    const api = itemsApi(v2Evaluation({ id: 9, status: 'draft' }));
    const { user, alerts } = renderRoute(URL, { api });
    await user.click(await screen.findByRole('button', { name: 'Agregar ítem' }));
    await user.click(within(item(3)).getByRole('textbox', { name: /Texto de la pregunta/ }));
    await user.paste('¿Llega a tiempo?');
    await user.selectOptions(within(item(3)).getByRole('combobox', { name: 'Tipo' }), 'yes_no');
    await user.click(screen.getByRole('button', { name: 'Bajar ítem 1' }));
    await user.click(screen.getByRole('button', { name: 'Guardar ítems' }));

    // SPEC's 'Ítems guardados' as the app's toast, never the browser's alert (issue 30 §7).
    expect(await screen.findByText(messages.v2Items.saved)).toBeTruthy();
    expect(alerts).toEqual([]);
    expect(api.calls(v2ItemEndpoints.replace)).toEqual([
      {
        params: { id: 9 },
        body: {
          items: [
            expect.objectContaining({
              id: 92,
              question_text: 'Cumple sus objetivos',
              type: 'status_3',
              position: 0,
            }),
            expect.objectContaining({
              id: 91,
              question_text: 'Trabaja en equipo',
              type: 'rating',
              position: 1,
            }),
            {
              question_text: '¿Llega a tiempo?',
              type: 'yes_no',
              section: 'competency',
              weight: 1,
              scale_id: null,
              scale_min: 1,
              scale_max: 5,
              scale_labels: [],
              position: 2,
            },
          ],
        },
      },
    ]);
  });

  it('takes a scale’s bounds and labels for a rating item', async () => {
    const api = itemsApi(v2Evaluation({ id: 9, status: 'draft' }));
    const { user, alerts } = renderRoute(URL, { api });
    const first = await screen.findByRole('group', { name: 'Ítem 1' });
    await user.selectOptions(within(first).getByRole('combobox', { name: /Escala/ }), '3');
    await user.click(screen.getByRole('button', { name: 'Guardar ítems' }));
    // SPEC's 'Ítems guardados' as the app's toast, never the browser's alert (issue 30 §7).
    expect(await screen.findByText(messages.v2Items.saved)).toBeTruthy();
    expect(alerts).toEqual([]);
    expect(api.bodies(v2ItemEndpoints.replace)[0]?.items[0]).toMatchObject({
      id: 91,
      scale_id: 3,
      scale_min: 1,
      scale_max: 4,
      scale_labels: ['Nunca', 'A veces', 'Casi siempre', 'Siempre'],
    });
  });

  it('sends nothing while a new item has no text', async () => {
    const api = itemsApi(v2Evaluation({ id: 9, status: 'draft' }));
    const { user } = renderRoute(URL, { api });
    await user.click(await screen.findByRole('button', { name: 'Agregar ítem' }));
    await user.click(screen.getByRole('button', { name: 'Guardar ítems' }));
    expect(await within(item(3)).findByText(/obligatori/)).toBeTruthy();
    expect(api.calls(v2ItemEndpoints.replace)).toEqual([]);
  });

  it('asks before removing a stored item, but drops a blank new one at once', async () => {
    const api = itemsApi(v2Evaluation({ id: 9, status: 'draft' }));
    const { user } = renderRoute(URL, { api });
    await user.click(await screen.findByRole('button', { name: 'Agregar ítem' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar ítem 3' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Ítem 3' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Eliminar ítem 1' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(messages.v2Items.confirmRemove(1, 'Trabaja en equipo'));
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(screen.queryByRole('group', { name: 'Ítem 2' })).toBeNull();
    expect(api.calls(v2ItemEndpoints.replace)).toEqual([]);
  });
});

describe('Ítems de la evaluación 360: once opened', () => {
  it.each(['open', 'closed'] as const)('shows the items of an %s evaluation read-only', async (status) => {
    renderRoute(URL, { api: itemsApi(v2Evaluation({ id: 9, status })) });
    expect(await screen.findByText('Solo lectura')).toBeTruthy();
    expect(screen.getByText('Cumple sus objetivos')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Guardar ítems|Agregar ítem|Eliminar ítem/ })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
