import { STARTER_BANKS, questionBankEndpoints as endpoints } from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call, callExpecting } from '../../../test/call';
import { describeEngines } from '../../../test/context';
import { loginAs } from '../../../test/factories';
import { STARTER_QUESTIONS } from './starters';

describeEngines('starter question banks (issue 30 §4, decision 054)', (t) => {
  it('copies each starter bank with its Spanish questions, competencies and objectives, as a bank to edit', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    for (const starter of ['docente', 'administrativo', 'apoyo'] as const) {
      const created = await call(hr, endpoints.createFromStarter, { body: { starter } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: STARTER_BANKS[starter],
        question_count: STARTER_QUESTIONS[starter].length,
      });
      const questions = (await call(hr, endpoints.questions, { params: { id: created.body.id } })).body;
      expect(questions.map((q) => [q.question_text, q.question_type])).toEqual(
        STARTER_QUESTIONS[starter].map(([text, type]) => [text, type]),
      );
      // Both sections are asked, so an evaluation weighted 60/40 scores both.
      expect(new Set(questions.map((q) => q.question_type))).toEqual(new Set(['competency', 'objective']));
      // The school's own copy: it changes like any bank.
      const edited = await call(hr, endpoints.updateQuestion, {
        params: { id: created.body.id, qid: questions[0]!.id },
        body: { question_text: 'Planifica con su equipo de grado.', question_type: 'competency' },
      });
      expect(edited.status).toBe(200);
    }
  });

  it('refuses an unknown starter with a Spanish sentence and creates nothing', async () => {
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const before = (await call(hr, endpoints.list)).body.length;
    const res = await callExpecting(
      hr,
      endpoints.createFromStarter,
      { body: { starter: 'cocina' as never } },
      400,
    );
    expect(res.body.error).toBe('Elige uno de los bancos iniciales.');
    expect((await call(hr, endpoints.list)).body.length).toBe(before);
  });
});
