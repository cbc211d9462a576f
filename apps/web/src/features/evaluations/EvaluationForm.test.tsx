// @vitest-environment jsdom
import {
  V1_RELEASE_MODE_LABELS,
  categoryEndpoints,
  evaluationEndpoints,
  questionBankEndpoints,
} from '@evalua/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/messages';
import { FakeApi } from '../../test-support/fake-api';
import { v1Evaluation } from '../../test-support/fixtures';
import { renderRoute } from '../../test-support/render';

const hint = messages.v1Release.hint;
const published = v1Evaluation({ id: 7, name: 'Anual 2024', status: 'cerrada', release_mode: 'al_enviar' });

function formApi() {
  return new FakeApi()
    .on(categoryEndpoints.list, [{ id: 1, name: 'Administrativo' }])
    .on(questionBankEndpoints.list, [{ id: 1, name: 'Banco general', description: null, question_count: 0 }])
    .on(evaluationEndpoints.list, [published])
    .on(evaluationEndpoints.get, published)
    .on(evaluationEndpoints.create, ({ body }) =>
      v1Evaluation({ id: 8, name: body.name, release_mode: body.release_mode ?? 'al_enviar' }),
    )
    .on(evaluationEndpoints.update, ({ body }) =>
      v1Evaluation({ ...published, release_mode: body.release_mode ?? published.release_mode }),
    );
}

const releaseChoice = () => screen.getByRole('radiogroup', { name: 'Publicación de resultados' });
const mode = (label: string) =>
  within(releaseChoice()).getByRole('radio', { name: label }) as HTMLInputElement;

describe('Crear Evaluación: when each person reads their result (decision 050)', () => {
  it('starts released by HR, says what each choice means, and sends the choice', async () => {
    const api = formApi();
    const { user } = renderRoute('/create-evaluation', { api });
    await screen.findByRole('radiogroup', { name: 'Publicación de resultados' });
    expect(mode(V1_RELEASE_MODE_LABELS.al_publicar).checked).toBe(true);
    // The hint under the choices describes the group.
    const describedBy = releaseChoice().getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      hint.al_publicar,
    );

    await user.click(mode(V1_RELEASE_MODE_LABELS.al_enviar));
    expect(screen.getByText(hint.al_enviar)).toBeTruthy();
    expect(screen.queryByText(hint.al_publicar)).toBeNull();
    await user.click(mode(V1_RELEASE_MODE_LABELS.al_publicar));

    await user.type(screen.getByRole('textbox', { name: /^Nombre/ }), 'Anual 2025');
    await user.click(screen.getByRole('combobox', { name: /^Categoría/ }));
    await user.click(await screen.findByRole('option', { name: 'Administrativo' }));
    await user.click(screen.getByRole('button', { name: 'Crear Evaluación' }));
    expect(await screen.findByText(messages.evaluations.created)).toBeTruthy();
    expect(api.bodies(evaluationEndpoints.create)).toEqual([
      expect.objectContaining({ name: 'Anual 2025', release_mode: 'al_publicar', status: 'borrador' }),
    ]);
  });
});

describe('Editar Evaluación: its release mode', () => {
  it('shows the evaluation’s own mode and sends it back as chosen', async () => {
    const api = formApi();
    const { user } = renderRoute('/edit-evaluation/7', { api });
    await screen.findByRole('radiogroup', { name: 'Publicación de resultados' });
    expect(mode(V1_RELEASE_MODE_LABELS.al_enviar).checked).toBe(true);
    expect(screen.getByText(hint.al_enviar)).toBeTruthy();

    await user.click(mode(V1_RELEASE_MODE_LABELS.al_publicar));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(messages.evaluations.updated)).toBeTruthy();
    expect(api.calls(evaluationEndpoints.update)).toEqual([
      { params: { id: 7 }, body: expect.objectContaining({ release_mode: 'al_publicar' }) },
    ]);
  });
});
