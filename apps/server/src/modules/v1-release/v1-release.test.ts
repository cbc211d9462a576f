import {
  evaluationEndpoints,
  historyEndpoints,
  reportEndpoints,
  resultEndpoints,
  V1_RELEASE_MESSAGES as M,
  v1ReleaseEndpoints,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call, callExpecting } from '../../../test/call';
import { describeEngines, type TestContext } from '../../../test/context';
import { createUser, loginAs } from '../../../test/factories';
import {
  assign,
  clientFor,
  createV1Evaluation,
  evaluatorWithCollaborator,
  submitBody,
  submitV1,
} from '../../../test/v1';

/** The "your report is ready" messages written for one person. */
async function toldCount(t: TestContext, userId: number): Promise<number> {
  const rows = await t.db
    .selectFrom('outbox')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'v1-report-ready')
    .execute();
  return rows.length;
}

/** A round HR releases ('al_publicar'), one evaluator and one person of its category. */
async function heldRound(t: TestContext) {
  const setup = await createV1Evaluation(
    t,
    ['competency', 'objective'],
    { competencies: 50, objectives: 50 },
    {
      releaseMode: 'al_publicar',
    },
  );
  const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t, setup);
  const person = await clientFor(t, collaborator);
  return { setup, evaluator, client, collaborator, person };
}

describeEngines('V1 release and corrections (decision 050)', (t) => {
  it('a round created with SPEC.md body releases each result at submit: nothing to release, nothing to correct', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const setup = await createV1Evaluation(t(), ['competency', 'objective']);
    const created = await call(admin, evaluationEndpoints.create, {
      body: {
        name: 'Ronda según la especificación',
        weight_objectives: 40,
        weight_competencies: 60,
        category_id: (
          await createV1Evaluation(t(), [], undefined, { bankId: setup.bankId, status: 'borrador' })
        ).categoryId,
        question_bank_id: setup.bankId,
      },
    });
    expect(created.body.release_mode).toBe('al_enviar');
    const refused = await callExpecting(
      admin,
      v1ReleaseEndpoints.release,
      { params: { id: created.body.id }, body: {} },
      409,
    );
    expect(refused.body.error).toBe(M.nothingToRelease);

    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    await submitV1(client, submitBody(setup, collaborator.id, evaluator.id, [4, 2]));
    const person = await clientFor(t(), collaborator);
    const report = await call(person, reportEndpoints.full, {
      params: { evaluationId: setup.evaluationId, userId: collaborator.id },
    });
    expect(report.body.overall_percentage).toBe(80);
    expect(await toldCount(t(), collaborator.id)).toBe(1);
    const reopen = await callExpecting(
      client,
      v1ReleaseEndpoints.reopen,
      {
        params: { id: setup.evaluationId },
        body: { collaborator_id: collaborator.id, evaluator_id: evaluator.id, reason: 'Me equivoqué.' },
      },
      409,
    );
    expect(reopen.body.error).toBe(M.alreadyReleased);
  });

  it('holds a result from the person until HR releases it, and the evaluator can correct it meanwhile', async () => {
    const { setup, evaluator, client, collaborator, person } = await heldRound(t());
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const ids = { evaluationId: setup.evaluationId, userId: collaborator.id };
    await submitV1(client, submitBody(setup, collaborator.id, evaluator.id, [1, 1]));

    // The person reads nothing, and is told nothing yet.
    const held = await callExpecting(person, reportEndpoints.full, { params: ids }, 403);
    expect(held.body).toEqual({ error: M.notAvailable, code: 'RESULTS_NOT_RELEASED' });
    expect((await callExpecting(person, reportEndpoints.pdf, { params: ids }, 403)).status).toBe(403);
    expect(
      (await call(person, historyEndpoints.ofUser, { params: { userId: collaborator.id } })).body,
    ).toEqual([]);
    expect(
      (await callExpecting(person, resultEndpoints.latest, { params: { userId: collaborator.id } }, 404))
        .status,
    ).toBe(404);
    expect(await toldCount(t(), collaborator.id)).toBe(0);
    // HR and the evaluator read it as before.
    expect((await call(hr, reportEndpoints.full, { params: ids })).body.overall_percentage).toBe(25);
    const evaluated = await call(client, resultEndpoints.evaluated, {
      params: { evaluatorId: evaluator.id },
    });
    expect(evaluated.body[0]).toMatchObject({ collaborator_id: collaborator.id, can_correct: true });

    // The evaluator corrects it: the first version is kept with its reason.
    const reopen = await call(client, v1ReleaseEndpoints.reopen, {
      params: { id: setup.evaluationId },
      body: {
        collaborator_id: collaborator.id,
        evaluator_id: evaluator.id,
        reason: '  Marqué 1 en lugar de 4.  ',
      },
    });
    expect(reopen.body).toMatchObject({
      evaluator_id: evaluator.id,
      overall_percentage: 25,
      reason: 'Marqué 1 en lugar de 4.',
      reopened_by_name: evaluator.name,
    });
    const gone = await callExpecting(hr, reportEndpoints.full, { params: ids }, 404);
    expect(gone.status).toBe(404);
    await submitV1(client, submitBody(setup, collaborator.id, evaluator.id, [4, 4]));
    const round = await call(hr, v1ReleaseEndpoints.person, {
      params: { id: setup.evaluationId, userId: collaborator.id },
    });
    expect(round.body).toMatchObject({
      released: false,
      release_mode: 'al_publicar',
      submissions: [{ evaluator_id: evaluator.id, overall_percentage: 100 }],
      versions: [{ overall_percentage: 25, reason: 'Marqué 1 en lugar de 4.' }],
    });
    const entries = await t()
      .db.selectFrom('audit_log')
      .select(['action', 'entity', 'before_json'])
      .where('action', '=', 'reopen')
      .where('user_id', '=', evaluator.id)
      .execute();
    expect(entries).toHaveLength(1);

    // Released to this person: they read it, are told once, and it can no longer be corrected.
    const released = await call(hr, v1ReleaseEndpoints.release, {
      params: { id: setup.evaluationId },
      body: { collaborator_id: collaborator.id },
    });
    expect(released.body.notified).toBe(1);
    expect((await call(person, reportEndpoints.full, { params: ids })).body.overall_percentage).toBe(100);
    expect(
      (await call(person, resultEndpoints.latest, { params: { userId: collaborator.id } })).body
        .overall_percentage,
    ).toBe(100);
    expect(await toldCount(t(), collaborator.id)).toBe(1);
    const late = await callExpecting(
      hr,
      v1ReleaseEndpoints.reopen,
      {
        params: { id: setup.evaluationId },
        body: { collaborator_id: collaborator.id, evaluator_id: evaluator.id, reason: 'Otra vez.' },
      },
      409,
    );
    expect(late.body.error).toBe(M.alreadyReleased);
    const after = await call(client, resultEndpoints.evaluated, { params: { evaluatorId: evaluator.id } });
    expect(after.body[0]).toMatchObject({ can_correct: false });
    // Releasing the round later tells nobody twice.
    const all = await call(hr, v1ReleaseEndpoints.release, { params: { id: setup.evaluationId }, body: {} });
    expect(all.body.notified).toBe(0);
    expect(all.body.evaluation.released_at).not.toBeNull();
    expect(await toldCount(t(), collaborator.id)).toBe(1);
  });

  it('refuses corrections by another evaluator, of a closed round and of a missing submission, and releasing a draft', async () => {
    const { setup, evaluator, client, collaborator } = await heldRound(t());
    await submitV1(client, submitBody(setup, collaborator.id, evaluator.id, [3, 3]));
    const { user: other, client: otherClient } = await loginAs(t(), 'evaluador');
    await assign(t(), other.id, collaborator.id);
    const body = { collaborator_id: collaborator.id, evaluator_id: evaluator.id, reason: 'Corrección.' };
    expect(
      (
        await callExpecting(
          otherClient,
          v1ReleaseEndpoints.reopen,
          { params: { id: setup.evaluationId }, body },
          403,
        )
      ).status,
    ).toBe(403);
    const missing = await callExpecting(
      otherClient,
      v1ReleaseEndpoints.reopen,
      { params: { id: setup.evaluationId }, body: { ...body, evaluator_id: other.id } },
      404,
    );
    expect(missing.body.error).toBe(M.submissionMissing);
    const blank = await callExpecting(
      client,
      v1ReleaseEndpoints.reopen,
      { params: { id: setup.evaluationId }, body: { ...body, reason: '   ' } },
      400,
    );
    expect(blank.body.error).toBe(M.reasonRequired);
    const { client: admin } = await loginAs(t(), 'admin');
    const draft = await createV1Evaluation(t(), ['competency'], undefined, {
      status: 'borrador',
      releaseMode: 'al_publicar',
    });
    const early = await callExpecting(
      admin,
      v1ReleaseEndpoints.release,
      { params: { id: draft.evaluationId }, body: {} },
      409,
    );
    expect(early.body.error).toBe(M.draftNotReleased);
    await call(admin, evaluationEndpoints.close, { params: { id: setup.evaluationId } });
    const closed = await callExpecting(
      client,
      v1ReleaseEndpoints.reopen,
      { params: { id: setup.evaluationId }, body },
      409,
    );
    expect(closed.body.error).toBe(M.notOpen);
    expect(
      await t()
        .db.selectFrom('v1_submissions')
        .select('id')
        .where('evaluation_id', '=', setup.evaluationId)
        .execute(),
    ).toHaveLength(1);
  });

  it('holds back an HR person evaluated in a round like anyone, and lets nobody reopen or release a result about themself', async () => {
    const setup = await createV1Evaluation(t(), ['competency'], undefined, { releaseMode: 'al_publicar' });
    const { user: hrPerson, client: hr } = await loginAs(t(), 'gestionhumana');
    await t()
      .db.updateTable('users')
      .set({ category_id: setup.categoryId })
      .where('id', '=', hrPerson.id)
      .execute();
    const { user: evaluator, client } = await loginAs(t(), 'evaluador');
    await assign(t(), evaluator.id, hrPerson.id);
    await submitV1(client, submitBody(setup, hrPerson.id, evaluator.id, [3]));
    const own = { evaluationId: setup.evaluationId, userId: hrPerson.id };
    const held = await callExpecting(hr, reportEndpoints.full, { params: own }, 403);
    expect(held.body.error).toBe(M.notAvailable);
    expect((await call(hr, historyEndpoints.ofUser, { params: { userId: hrPerson.id } })).body).toEqual([]);
    const id = { id: setup.evaluationId };
    for (const res of [
      await callExpecting(
        hr,
        v1ReleaseEndpoints.release,
        { params: id, body: { collaborator_id: hrPerson.id } },
        403,
      ),
      await callExpecting(
        hr,
        v1ReleaseEndpoints.reopen,
        {
          params: id,
          body: { collaborator_id: hrPerson.id, evaluator_id: evaluator.id, reason: 'Subir mi nota.' },
        },
        403,
      ),
    ])
      expect(res.status).toBe(403);
    // Another manager releases it: now they read it.
    const { client: admin } = await loginAs(t(), 'admin');
    await call(admin, v1ReleaseEndpoints.release, { params: id, body: { collaborator_id: hrPerson.id } });
    expect((await call(hr, reportEndpoints.full, { params: own })).body.overall_percentage).toBe(75);
  });

  it('never reopens what could not be sent again: the evaluator no longer assigned', async () => {
    const { setup, evaluator, client, collaborator } = await heldRound(t());
    await submitV1(client, submitBody(setup, collaborator.id, evaluator.id, [2, 2]));
    await t()
      .db.deleteFrom('assignments')
      .where('evaluator_id', '=', evaluator.id)
      .where('collaborator_id', '=', collaborator.id)
      .execute();
    const evaluated = await call(client, resultEndpoints.evaluated, {
      params: { evaluatorId: evaluator.id },
    });
    expect(evaluated.body[0]).toMatchObject({ can_correct: false });
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const refused = await callExpecting(
      hr,
      v1ReleaseEndpoints.reopen,
      {
        params: { id: setup.evaluationId },
        body: { collaborator_id: collaborator.id, evaluator_id: evaluator.id, reason: 'Corrección.' },
      },
      409,
    );
    expect(refused.body.error).toBe(M.cannotResubmit);
    expect(
      await t()
        .db.selectFrom('v1_submissions')
        .select('id')
        .where('collaborator_id', '=', collaborator.id)
        .execute(),
    ).toHaveLength(1);
  });

  it('under concurrent corrections and releases: one correction wins, each person is told once', async () => {
    const { setup, evaluator, client, collaborator } = await heldRound(t());
    const second = await createUser(t(), { category_id: setup.categoryId });
    await assign(t(), evaluator.id, second.id);
    await submitV1(client, submitBody(setup, collaborator.id, evaluator.id, [2, 2]));
    await submitV1(client, submitBody(setup, second.id, evaluator.id, [3, 3]));
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const body = {
      collaborator_id: collaborator.id,
      evaluator_id: evaluator.id,
      reason: 'Corrección simultánea.',
    };
    const reopens = await Promise.all(
      Array.from({ length: 6 }, () => client.post(`/api/evaluations/${setup.evaluationId}/reopen`, body)),
    );
    expect(reopens.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    const versions = await t()
      .db.selectFrom('v1_submission_versions')
      .select('id')
      .where('collaborator_id', '=', collaborator.id)
      .execute();
    expect(versions).toHaveLength(1);

    // Releases and a correction of the second person at once: either the correction comes first
    // (and their result is then missing) or the release does (and the correction is refused).
    const [reopenSecond, ...releases] = await Promise.all([
      client.post(`/api/evaluations/${setup.evaluationId}/reopen`, { ...body, collaborator_id: second.id }),
      ...Array.from({ length: 5 }, () => hr.post(`/api/evaluations/${setup.evaluationId}/release`, {})),
    ]);
    expect(releases.every((r) => r.statusCode === 200)).toBe(true);
    expect([200, 409]).toContain(reopenSecond!.statusCode);
    const told = await toldCount(t(), second.id);
    expect(told).toBe(reopenSecond!.statusCode === 200 ? 0 : 1);
    expect(await toldCount(t(), collaborator.id)).toBe(0);
    const notified = releases.map((r) => (JSON.parse(r.body) as { notified: number }).notified);
    expect(notified.reduce((a, b) => a + b, 0)).toBe(told);
  });
});
