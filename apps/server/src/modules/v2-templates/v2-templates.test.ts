import { v2EvaluationEndpoints, v2ItemEndpoints, v2TemplateEndpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call, callExpecting, statusOf } from '../../../test/call';
import { expectAllForbidden, expectAllUnauthenticated, type Call } from '../../../test/access';
import { urlOf } from '../../../test/cases';
import { describeEngines } from '../../../test/context';
import { loginAs, unique } from '../../../test/factories';
import { V2_WEIGHTS, createV2Draft, putV2Items } from '../../../test/v2';

describeEngines('360 scales and templates API', (t) => {
  async function templates() {
    const { client } = await loginAs(t(), 'admin');
    return (await call(client, v2TemplateEndpoints.list)).body;
  }

  it('lists the seeded Spanish scales', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const res = await call(client, v2TemplateEndpoints.scales);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
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
    const { body: list } = await call(client, v2TemplateEndpoints.list);
    const byName = new Map(list.map((x) => [x.name, x]));
    expect(byName.get('Personal docente')).toEqual({
      id: expect.any(Number),
      name: 'Personal docente',
      item_count: 10,
    });
    expect(byName.get('Personal administrativo')).toMatchObject({ item_count: 9 });
    for (const name of ['Personal docente', 'Personal administrativo']) {
      const ev = await call(client, v2EvaluationEndpoints.createFromTemplate, {
        body: {
          template_id: byName.get(name)!.id,
          name: unique(name),
          period: '2026',
          weights: V2_WEIGHTS,
          allow_self: true,
        },
      });
      const { items } = (await call(client, v2ItemEndpoints.list, { params: { id: ev.body.id } })).body;
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
    const res = await call(client, v2TemplateEndpoints.create, {
      body: { evaluation_id: ev.id, name: ` ${name} ` },
    });
    expect(res.status).toBe(201);
    const template = res.body;
    expect(template).toEqual({ id: expect.any(Number), name, item_count: 2 });
    // A later edit of the evaluation does not touch the template.
    await putV2Items(client, ev.id, []);
    expect((await templates()).find((x) => x.id === template.id)).toMatchObject({ item_count: 2 });
    // An evaluation from it gets the items as they were.
    const copy = await call(client, v2EvaluationEndpoints.createFromTemplate, {
      body: {
        template_id: template.id,
        name: unique('Copia'),
        period: '2026',
        weights: V2_WEIGHTS,
        allow_self: false,
      },
    });
    const copied = (await call(client, v2ItemEndpoints.list, { params: { id: copy.body.id } })).body.items;
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
    // Some bodies are outside the contract's type: all sent raw.
    for (const [body, status, error] of cases) {
      const res = await client.post(urlOf(v2TemplateEndpoints.create), body);
      expect(res.statusCode, error).toBe(status);
      expect(res.json<{ error: string }>().error).toBe(error);
    }
    expect(await templates()).toHaveLength(before);
  });

  it('renames a template, refusing a taken name, and answers 404 for an unknown one', async () => {
    const { client } = await loginAs(t(), 'gestionhumana');
    const ev = await createV2Draft(client);
    const { body: created } = await call(client, v2TemplateEndpoints.create, {
      body: { evaluation_id: ev.id, name: unique('Renombrar') },
    });
    const name = unique('Nuevo nombre');
    const rename = (to: string) => ({ params: { id: created.id }, body: { name: to } });
    const res = await call(client, v2TemplateEndpoints.rename, rename(name));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: created.id, name, item_count: 0 });
    // Its own name in another case is fine; another template's is not.
    expect(await statusOf(client, v2TemplateEndpoints.rename, rename(name.toUpperCase()))).toBe(200);
    const dup = await callExpecting(client, v2TemplateEndpoints.rename, rename('Personal Docente'), 409);
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: 'Ya existe una plantilla con ese nombre.', code: 'DUPLICATE_NAME' });
    const blank = await callExpecting(client, v2TemplateEndpoints.rename, rename(''), 400);
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('El nombre de la plantilla es obligatorio.');
    const missing = await callExpecting(
      client,
      v2TemplateEndpoints.rename,
      { params: { id: 999999 }, body: { name: unique('X') } },
      404,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'La plantilla no existe.', code: 'NOT_FOUND' });
  });

  it('deletes a template: evaluations from it keep their items and lose the link', async () => {
    const { client } = await loginAs(t(), 'admin');
    const source = await createV2Draft(client);
    await putV2Items(client, source.id, [
      { question_text: 'A', type: 'yes_no' },
      { question_text: 'B', type: 'text' },
    ]);
    const { body: template } = await call(client, v2TemplateEndpoints.create, {
      body: { evaluation_id: source.id, name: unique('Temporal') },
    });
    const { body: ev } = await call(client, v2EvaluationEndpoints.createFromTemplate, {
      body: {
        template_id: template.id,
        name: unique('Hija'),
        period: '2026',
        weights: V2_WEIGHTS,
        allow_self: false,
      },
    });
    expect(ev.template_id).toBe(template.id);
    const theTemplate = { params: { id: template.id } };
    const res = await call(client, v2TemplateEndpoints.remove, theTemplate);
    expect(res.status).toBe(204);
    expect((await templates()).map((x) => x.id)).not.toContain(template.id);
    const { body: after } = await call(client, v2EvaluationEndpoints.get, { params: { id: ev.id } });
    expect(after).toMatchObject({ template_id: null, item_count: 2 });
    const gone = await callExpecting(client, v2TemplateEndpoints.remove, theTemplate, 404);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'La plantilla no existe.', code: 'NOT_FOUND' });
    expect(await statusOf(client, v2TemplateEndpoints.remove, { params: { id: 'abc' } })).toBe(400);
  });

  const calls: Call[] = [
    { method: 'GET', url: urlOf(v2TemplateEndpoints.scales) },
    { method: 'GET', url: urlOf(v2TemplateEndpoints.list) },
    { method: 'POST', url: urlOf(v2TemplateEndpoints.create), body: { evaluation_id: 1, name: 'X' } },
    { method: 'PUT', url: urlOf(v2TemplateEndpoints.rename, { params: { id: 1 } }), body: { name: 'X' } },
    { method: 'DELETE', url: urlOf(v2TemplateEndpoints.remove, { params: { id: 1 } }) },
  ];
  it('answers 401 without a session', async () => {
    await expectAllUnauthenticated(t(), calls);
  });
  it('answers 403 to evaluador and colaborador', async () => {
    await expectAllForbidden(t(), ['evaluador', 'colaborador'], calls);
  });
});
