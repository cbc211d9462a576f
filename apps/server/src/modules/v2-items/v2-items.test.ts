import { endpointUrl, v2ItemEndpoints, v2TemplateEndpoints, type V2Scale } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { call, callExpecting, statusOf } from '../../../test/call';
import { describeEngines } from '../../../test/context';
import { loginAs } from '../../../test/factories';
import { createV2Draft, createV2OpeningWithItems, putV2Items, setV2Status } from '../../../test/v2';

const endpoints = v2ItemEndpoints;
/** The address of an evaluation's items, for the calls that send what the contract refuses. */
const itemsUrl = (id: number) => endpointUrl(endpoints.replace, { params: { id } });
const of = (id: number) => ({ params: { id } });

describeEngines('360 items API', (t) => {
  async function scales(): Promise<Map<string, V2Scale>> {
    const { client } = await loginAs(t(), 'admin');
    const { body: list } = await call(client, v2TemplateEndpoints.scales);
    return new Map(list.map((s) => [s.name, s]));
  }

  it('creates items of every type with defaults, in list order, and reads them back', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    expect((await call(client, endpoints.list, of(ev.id))).body).toEqual({ items: [] });
    const desempeno = (await scales()).get('Desempeño (1-4)')!;
    // The weight '0.25' as text (a form's value) is outside the typed body: sent raw.
    const res = await client.put(itemsUrl(ev.id), {
      items: [
        { question_text: 'Planifica sus clases.', type: 'rating', scale_id: desempeno.id, weight: 2.5 },
        { question_text: 'Respeta los acuerdos.', type: 'rating', scale_min: 0, scale_max: 10 },
        { question_text: 'Llega a tiempo.', type: 'yes_no', section: 'objective', weight: '0.25' },
        { question_text: 'Entregó la planificación.', type: 'status_3', section: 'objective' },
        { question_text: 'Comentarios.', type: 'text', weight: 0 },
        { question_text: 'Sin escala.', type: 'rating' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const items = answerOf(endpoints.replace, res).items;
    expect(items).toEqual([
      {
        id: expect.any(Number),
        question_text: 'Planifica sus clases.',
        type: 'rating',
        section: 'competency',
        weight: 2.5,
        scale_id: desempeno.id,
        scale_min: 1,
        scale_max: 4,
        scale_labels: ['Insatisfactorio', 'En desarrollo', 'Competente', 'Destacado'],
        position: 0,
      },
      expect.objectContaining({ type: 'rating', scale_id: null, scale_min: 0, scale_max: 10, position: 1 }),
      expect.objectContaining({
        type: 'yes_no',
        section: 'objective',
        weight: 0.25,
        scale_id: null,
        position: 2,
      }),
      expect.objectContaining({ type: 'status_3', section: 'objective', weight: 1, position: 3 }),
      expect.objectContaining({ type: 'text', weight: 0, scale_labels: [], position: 4 }),
      expect.objectContaining({ type: 'rating', scale_min: 1, scale_max: 5, scale_labels: [], weight: 1 }),
    ]);
    expect((await call(client, endpoints.list, of(ev.id))).body).toEqual({ items });
  });

  it('updates an item with an id in just the fields it carries, creates new ones and deletes the omitted', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const [a, b, c] = await putV2Items(client, ev.id, [
      { question_text: 'A', type: 'rating', section: 'objective', weight: 3 },
      { question_text: 'B', type: 'yes_no' },
      { question_text: 'C', type: 'status_3' },
    ]);
    // The spec's client sends {id, type, weight, scale_id} for every item it keeps.
    const after = await putV2Items(client, ev.id, [
      { id: c!.id, type: 'status_3', weight: 1.5, scale_id: null },
      { question_text: 'D nueva', type: 'text' },
      { id: a!.id, type: 'rating', weight: 2, scale_id: null },
    ]);
    expect(after).toEqual([
      { ...c!, weight: 1.5, position: 0 },
      expect.objectContaining({
        id: expect.any(Number),
        question_text: 'D nueva',
        type: 'text',
        position: 1,
      }),
      { ...a!, weight: 2, position: 2 },
    ]);
    expect(after.map((i) => i.id)).not.toContain(b!.id);
    const stored = await t()
      .db.selectFrom('v2_items')
      .select('id')
      .where('evaluation_id', '=', ev.id)
      .execute();
    expect(stored).toHaveLength(3);
    // Explicit positions are kept; the list answers in position order.
    const reordered = await putV2Items(client, ev.id, [
      { id: a!.id, position: 5 },
      { id: c!.id, position: 1, question_text: 'C cambiada' },
    ]);
    expect(reordered.map((i) => [i.question_text, i.position])).toEqual([
      ['C cambiada', 1],
      ['A', 5],
    ]);
    // An empty list deletes every item.
    expect(await putV2Items(client, ev.id, [])).toEqual([]);
  });

  it('a scale only for rating: changing the type clears it, a scale gives its bounds and labels', async () => {
    const { client } = await loginAs(t(), 'admin');
    const all = await scales();
    const frecuencia = all.get('Frecuencia (1-5)')!;
    const desempeno = all.get('Desempeño (1-4)')!;
    const ev = await createV2Draft(client);
    const [rated] = await putV2Items(client, ev.id, [
      { question_text: 'R', type: 'rating', scale_id: frecuencia.id, scale_min: 0, scale_max: 9 },
    ]);
    expect(rated).toMatchObject({ scale_id: frecuencia.id, scale_min: 1, scale_max: 5 });
    expect(rated!.scale_labels).toEqual(['Nunca', 'Casi nunca', 'A veces', 'Casi siempre', 'Siempre']);

    const [switched] = await putV2Items(client, ev.id, [{ id: rated!.id, scale_id: desempeno.id }]);
    expect(switched).toMatchObject({ scale_id: desempeno.id, scale_max: 4, question_text: 'R' });

    const [yesNo] = await putV2Items(client, ev.id, [{ id: rated!.id, type: 'yes_no' }]);
    expect(yesNo).toMatchObject({
      type: 'yes_no',
      scale_id: null,
      scale_min: 1,
      scale_max: 5,
      scale_labels: [],
    });

    const refused = await callExpecting(
      client,
      endpoints.replace,
      { ...of(ev.id), body: { items: [{ id: rated!.id, type: 'status_3', scale_id: frecuencia.id }] } },
      400,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'Solo los ítems de tipo calificación pueden tener escala.',
      details: [{ field: 'body.items.0.scale_id' }],
    });

    // Back to rating without a scale: default 1-5; a custom range needs min < max.
    const [back] = await putV2Items(client, ev.id, [{ id: rated!.id, type: 'rating' }]);
    expect(back).toMatchObject({ type: 'rating', scale_id: null, scale_min: 1, scale_max: 5 });
    const custom = await putV2Items(client, ev.id, [
      { id: rated!.id, scale_min: 2, scale_max: 4, scale_labels: [' Poco ', 'Algo', 'Mucho'] },
    ]);
    expect(custom[0]).toMatchObject({ scale_min: 2, scale_max: 4, scale_labels: ['Poco', 'Algo', 'Mucho'] });
    // Clearing the scale of a scaled item keeps its bounds as a custom range.
    await putV2Items(client, ev.id, [{ id: rated!.id, scale_id: desempeno.id }]);
    const [cleared] = await putV2Items(client, ev.id, [{ id: rated!.id, scale_id: null }]);
    expect(cleared).toMatchObject({ scale_id: null, scale_min: 1, scale_max: 4 });
  });

  it('validates every field with Spanish messages and changes nothing', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const [kept] = await putV2Items(client, ev.id, [{ question_text: 'Se queda', type: 'rating' }]);
    const other = await createV2Draft(client);
    const [foreign] = await putV2Items(client, other.id, [{ question_text: 'Ajeno', type: 'yes_no' }]);
    const ok = { question_text: 'Q', type: 'rating' };
    const cases: Array<[unknown, string, string?]> = [
      [{}, 'La lista de ítems es obligatoria.', 'body.items'],
      [{ items: 'x' }, 'La lista de ítems es obligatoria.', 'body.items'],
      [
        { items: [{ type: 'rating' }] },
        'El texto de la pregunta es obligatorio.',
        'body.items.0.question_text',
      ],
      [{ items: [{ question_text: '  ', type: 'rating' }] }, 'El texto de la pregunta es obligatorio.'],
      [{ items: [{ question_text: 'Q' }] }, 'El tipo de ítem es obligatorio.', 'body.items.0.type'],
      [
        { items: [{ ...ok, type: 'scale' }] },
        'El tipo de ítem debe ser calificación, sí/no, estado (3 niveles) o texto.',
        'body.items.0.type',
      ],
      [{ items: [{ ...ok, section: 'x' }] }, 'La sección debe ser competencia u objetivo.'],
      [
        { items: [{ ...ok, weight: -1 }] },
        'El peso debe ser un número mayor o igual a 0.',
        'body.items.0.weight',
      ],
      [{ items: [{ ...ok, weight: 'mucho' }] }, 'El peso debe ser un número mayor o igual a 0.'],
      [{ items: [{ ...ok, weight: null }] }, 'El peso debe ser un número mayor o igual a 0.'],
      [{ items: [{ ...ok, weight: 1.005 }] }, 'El peso admite como máximo 2 decimales.'],
      [{ items: [{ ...ok, weight: 1000.01 }] }, 'El peso no puede ser mayor que 1000.'],
      [{ items: [{ ...ok, scale_id: 'abc' }] }, 'La escala no es válida.'],
      [{ items: [{ ...ok, scale_id: 999999 }] }, 'La escala no existe.', 'body.items.0.scale_id'],
      [
        { items: [{ ...ok, scale_min: 1.5 }] },
        'Los extremos de la escala deben ser números enteros entre 0 y 10.',
      ],
      [
        { items: [{ ...ok, scale_max: 11 }] },
        'Los extremos de la escala deben ser números enteros entre 0 y 10.',
      ],
      [
        { items: [{ ...ok, scale_min: 5, scale_max: 5 }] },
        'El mínimo de la escala debe ser menor que el máximo.',
      ],
      [{ items: [{ ...ok, scale_min: 6 }] }, 'El mínimo de la escala debe ser menor que el máximo.'],
      [
        { items: [{ ...ok, scale_labels: ['x'.repeat(101)] }] },
        'Las etiquetas de la escala deben ser textos de hasta 100 caracteres (máximo 11).',
      ],
      [
        { items: [{ ...ok, scale_labels: Array(12).fill('x') }] },
        'Las etiquetas de la escala deben ser textos de hasta 100 caracteres (máximo 11).',
      ],
      [{ items: [{ ...ok, position: -1 }] }, 'La posición debe ser un número entero mayor o igual a 0.'],
      [{ items: [{ id: 'x' }] }, 'El identificador del ítem no es válido.'],
      [
        { items: [{ id: kept!.id }, { id: kept!.id }] },
        `El ítem ${kept!.id} aparece más de una vez en la lista.`,
        'body.items.1.id',
      ],
      [
        { items: [{ id: kept!.id }, { id: foreign!.id, weight: 2 }] },
        `El ítem ${foreign!.id} no pertenece a esta evaluación.`,
        'body.items.1.id',
      ],
      [{ items: Array(201).fill(ok) }, 'Una evaluación admite como máximo 200 ítems.'],
      // A later bad item stops the whole list: the first one is not created.
      [{ items: [ok, { ...ok, scale_id: 999999 }] }, 'La escala no existe.', 'body.items.1.scale_id'],
    ];
    // Bodies the contract refuses, most of them outside its type: sent raw.
    for (const [body, error, field] of cases) {
      const res = await client.put(itemsUrl(ev.id), body);
      expect(res.statusCode, error).toBe(400);
      expect(res.json<{ error: string }>().error, JSON.stringify(body).slice(0, 80)).toBe(error);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
      if (field) expect(res.json<{ details: Array<{ field: string }> }>().details[0]!.field).toBe(field);
    }
    expect((await call(client, endpoints.list, of(ev.id))).body).toEqual({ items: [kept] });
    expect((await call(client, endpoints.list, of(other.id))).body).toEqual({ items: [foreign] });
  });

  it('locks the items outside draft (409) and audits each save', async () => {
    const { client, user } = await loginAs(t(), 'admin');
    const ev = await createV2OpeningWithItems(client);
    const items = await putV2Items(client, ev.id, [{ question_text: 'Q', type: 'yes_no' }]);
    const locked = 'Los ítems solo se pueden editar mientras la evaluación está en borrador.';
    for (const status of ['open', 'closed'] as const) {
      if (status === 'closed') await setV2Status(client, ev.id, 'closed');
      const res = await callExpecting(client, endpoints.replace, { ...of(ev.id), body: { items: [] } }, 409);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: locked, code: 'EVALUATION_LOCKED' });
      expect((await call(client, endpoints.list, of(ev.id))).body).toEqual({ items });
    }
    const trail = await t()
      .db.selectFrom('audit_log')
      .select(['user_id', 'before_json', 'after_json'])
      .where('entity', '=', 'v2_evaluation')
      .where('entity_id', '=', ev.id)
      .where('action', '=', 'update_items')
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]!.user_id).toBe(user.id);
    expect(JSON.parse(trail[0]!.before_json!)).toEqual([]);
    expect(JSON.parse(trail[0]!.after_json!)).toEqual(items);
  });

  it('answers 404 for an unknown evaluation and 400 for a bad id', async () => {
    const { client } = await loginAs(t(), 'admin');
    for (const res of [
      await callExpecting(client, endpoints.list, of(999999), 404),
      await callExpecting(client, endpoints.replace, { ...of(999999), body: { items: [] } }, 404),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'La evaluación no existe.', code: 'NOT_FOUND' });
    }
    expect(await statusOf(client, endpoints.list, of(0))).toBe(400);
  });

  const calls: Call[] = [
    { method: 'GET', url: itemsUrl(1) },
    { method: 'PUT', url: itemsUrl(1), body: { items: [] } },
  ];
  it('answers 401 without a session', async () => {
    await expectAllUnauthenticated(t(), calls);
  });
  it('answers 403 to evaluador and colaborador', async () => {
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
