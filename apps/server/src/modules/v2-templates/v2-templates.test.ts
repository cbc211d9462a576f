import { v2EvaluationEndpoints, v2ItemEndpoints, v2TemplateEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { answerOf } from '../../../test/answer';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { describeEngines } from '../../../test/context';
import { loginAs, unique } from '../../../test/factories';
import { V2_WEIGHTS, createV2Draft, putV2Items } from '../../../test/v2';

describeEngines('360 scales and templates API', (t) => {
  async function templates() {
    const { client } = await loginAs(t(), 'admin');
    return answerOf(v2TemplateEndpoints.list, await client.get('/api/templates'));
  }

  it('lists the seeded Spanish scales', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const res = await client.get('/api/scales');
    expect(res.statusCode).toBe(200);
    expect(answerOf(v2TemplateEndpoints.scales, res)).toEqual([
      {
        id: expect.any(Number),
        name: 'Frecuencia (1-5)',
        min_value: 1,
        max_value: 5,
        labels: ['Nunca', 'Casi nunca', 'A veces', 'Casi siempre', 'Siempre'],
      },
      {
        id: expect.any(Number),
        name: 'Acuerdo (1-5)',
        min_value: 1,
        max_value: 5,
        labels: [
          'Totalmente en desacuerdo',
          'En desacuerdo',
          'Ni de acuerdo ni en desacuerdo',
          'De acuerdo',
          'Totalmente de acuerdo',
        ],
      },
      {
        id: expect.any(Number),
        name: 'Desempeño (1-4)',
        min_value: 1,
        max_value: 4,
        labels: ['Insatisfactorio', 'En desarrollo', 'Competente', 'Destacado'],
      },
    ]);
  });

  it('seeds two school templates that mix every item type in both sections', async () => {
    const { client } = await loginAs(t(), 'admin');
    const list = answerOf(v2TemplateEndpoints.list, await client.get('/api/templates'));
    const byName = new Map(list.map((x) => [x.name, x]));
    expect(byName.get('Personal docente')).toEqual({
      id: expect.any(Number),
      name: 'Personal docente',
      item_count: 10,
    });
    expect(byName.get('Personal administrativo')).toMatchObject({ item_count: 9 });
    for (const name of ['Personal docente', 'Personal administrativo']) {
      const ev = await client.post('/api/evaluations-v2/from-template', {
        template_id: byName.get(name)!.id,
        name: unique(name),
        period: '2026',
        weights: V2_WEIGHTS,
        allow_self: true,
      });
      const evId = answerOf(v2EvaluationEndpoints.createFromTemplate, ev).id;
      const items = answerOf(
        v2ItemEndpoints.list,
        await client.get(`/api/evaluations-v2/${evId}/items`),
      ).items;
      expect(new Set(items.map((i) => i.type))).toEqual(new Set(['rating', 'yes_no', 'status_3', 'text']));
      expect(new Set(items.map((i) => i.section))).toEqual(new Set(['competency', 'objective']));
      expect(items.filter((i) => i.type === 'text')).toHaveLength(1);
      for (const i of items) {
        if (i.type === 'rating') {
          expect(i.scale_id, i.question_text).not.toBeNull();
          expect(i.scale_labels).toHaveLength(i.scale_max - i.scale_min + 1);
        } else expect(i.scale_id).toBeNull();
      }
      expect(items.map((i) => i.position)).toEqual(items.map((_, k) => k));
    }
  });

  it('creates a template from an evaluation’s current items (a copy that does not follow)', async () => {
    const { client, user } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const items = await putV2Items(client, ev.id, [
      { question_text: 'Uno', type: 'rating', scale_id: 2 },
      { question_text: 'Dos', type: 'status_3', section: 'objective', weight: 2.25 },
    ]);
    const name = unique('Desde evaluación');
    const res = await client.post('/api/templates', { evaluation_id: ev.id, name: ` ${name} ` });
    expect(res.statusCode).toBe(201);
    const template = answerOf(v2TemplateEndpoints.create, res);
    expect(template).toEqual({ id: expect.any(Number), name, item_count: 2 });
    // A later edit of the evaluation does not touch the template.
    await putV2Items(client, ev.id, []);
    expect((await templates()).find((x) => x.id === template.id)).toMatchObject({ item_count: 2 });
    // An evaluation from it gets the items as they were.
    const copy = await client.post('/api/evaluations-v2/from-template', {
      template_id: template.id,
      name: unique('Copia'),
      period: '2026',
      weights: V2_WEIGHTS,
      allow_self: false,
    });
    const copyId = answerOf(v2EvaluationEndpoints.createFromTemplate, copy).id;
    const copied = answerOf(
      v2ItemEndpoints.list,
      await client.get(`/api/evaluations-v2/${copyId}/items`),
    ).items;
    expect(copied.map(({ id: _id, ...rest }) => rest)).toEqual(items.map(({ id: _id, ...rest }) => rest));
    const trail = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'user_id'])
      .where('entity', '=', 'v2_template')
      .where('entity_id', '=', template.id)
      .execute();
    expect(trail).toEqual([{ action: 'create', user_id: user.id }]);
  });

  it('validates the template create and refuses a taken name (case-insensitive)', async () => {
    const { client } = await loginAs(t(), 'admin');
    const ev = await createV2Draft(client);
    const before = (await templates()).length;
    const cases: Array<[unknown, number, string]> = [
      [{ evaluation_id: ev.id, name: '  ' }, 400, 'El nombre de la plantilla es obligatorio.'],
      [{ evaluation_id: ev.id }, 400, 'El nombre de la plantilla es obligatorio.'],
      [{ name: 'X' }, 400, 'La evaluación es obligatoria.'],
      [{ evaluation_id: 999999, name: unique('X') }, 404, 'La evaluación no existe.'],
      [
        { evaluation_id: ev.id, name: 'personal ADMINISTRATIVO' },
        409,
        'Ya existe una plantilla con ese nombre.',
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await client.post('/api/templates', body);
      expect(res.statusCode, error).toBe(status);
      expect(res.json<{ error: string }>().error).toBe(error);
    }
    expect(await templates()).toHaveLength(before);
  });

  it('renames a template, refusing a taken name, and answers 404 for an unknown one', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const ev = await createV2Draft(client);
    const created = answerOf(
      v2TemplateEndpoints.create,
      await client.post('/api/templates', { evaluation_id: ev.id, name: unique('Renombrar') }),
    );
    const name = unique('Nuevo nombre');
    const res = await client.put(`/api/templates/${created.id}`, { name });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: created.id, name, item_count: 0 });
    // Its own name in another case is fine; another template's is not.
    expect((await client.put(`/api/templates/${created.id}`, { name: name.toUpperCase() })).statusCode).toBe(
      200,
    );
    const dup = await client.put(`/api/templates/${created.id}`, { name: 'Personal Docente' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'Ya existe una plantilla con ese nombre.', code: 'DUPLICATE_NAME' });
    const blank = await client.put(`/api/templates/${created.id}`, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ error: string }>().error).toBe('El nombre de la plantilla es obligatorio.');
    const missing = await client.put('/api/templates/999999', { name: unique('X') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'La plantilla no existe.', code: 'NOT_FOUND' });
  });

  it('deletes a template: evaluations from it keep their items and lose the link', async () => {
    const { client } = await loginAs(t(), 'admin');
    const source = await createV2Draft(client);
    await putV2Items(client, source.id, [
      { question_text: 'A', type: 'yes_no' },
      { question_text: 'B', type: 'text' },
    ]);
    const template = answerOf(
      v2TemplateEndpoints.create,
      await client.post('/api/templates', { evaluation_id: source.id, name: unique('Temporal') }),
    );
    const ev = answerOf(
      v2EvaluationEndpoints.createFromTemplate,
      await client.post('/api/evaluations-v2/from-template', {
        template_id: template.id,
        name: unique('Hija'),
        period: '2026',
        weights: V2_WEIGHTS,
        allow_self: false,
      }),
    );
    expect(ev.template_id).toBe(template.id);
    const res = await client.delete(`/api/templates/${template.id}`);
    expect(res.statusCode).toBe(204);
    expect((await templates()).map((x) => x.id)).not.toContain(template.id);
    const after = answerOf(v2EvaluationEndpoints.get, await client.get(`/api/evaluations-v2/${ev.id}`));
    expect(after).toMatchObject({ template_id: null, item_count: 2 });
    const gone = await client.delete(`/api/templates/${template.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'La plantilla no existe.', code: 'NOT_FOUND' });
    expect((await client.delete('/api/templates/abc')).statusCode).toBe(400);
  });

  const calls: Call[] = [
    { method: 'GET', url: '/api/scales' },
    { method: 'GET', url: '/api/templates' },
    { method: 'POST', url: '/api/templates', body: { evaluation_id: 1, name: 'X' } },
    { method: 'PUT', url: '/api/templates/1', body: { name: 'X' } },
    { method: 'DELETE', url: '/api/templates/1' },
  ];
  it('answers 401 without a session', async () => {
    await expectAllUnauthenticated(t(), calls);
  });
  it('answers 403 to evaluador and colaborador', async () => {
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
