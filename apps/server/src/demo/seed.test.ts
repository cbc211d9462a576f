import {
  authEndpoints,
  dashboardEndpoints,
  reportEndpoints,
  trainingEndpoints,
  v1Percentages,
  v2AnswerEndpoints,
  v2AnswerScore,
  v2AssignmentEndpoints,
  v2EvaluationEndpoints,
  v2ItemEndpoints,
  v2ResultEndpoints,
  v2SnapshotEndpoints,
  v2TemplateEndpoints,
  wholeList,
  type QuestionType,
  type V2AssignmentRow,
} from '@evalua/contracts';
import { expect, it } from 'vitest';
import { call } from '../../test/call';
import { describeEngines } from '../../test/context';
import { DEMO_SNAPSHOT_LABEL, DEMO_V2_TEMPLATE, seedDemo } from './seed';
import { runLaunchNotices } from '../modules/reminders/service';
import { DEMO_PASSWORD } from './school';

describeEngines('demo school', (t) => {
  it('seeds about 40 staff in three categories, with one working login per role, once', async () => {
    const first = await seedDemo(t().db);
    expect(first.seeded).toBe(true);
    const users = await t().db.selectFrom('users').select(['role', 'category_id', 'email']).execute();
    expect(users).toHaveLength(40);
    expect(new Set(users.map((u) => u.email)).size).toBe(40);
    expect(users.every((u) => u.category_id !== null)).toBe(true);
    const cats = await t().db.selectFrom('categories').select('name').orderBy('name').execute();
    expect(cats.map((c) => c.name)).toEqual(['Administrativos', 'Docentes', 'Personal de apoyo']);
    const banks = await t().db.selectFrom('question_banks').select('id').execute();
    expect(banks).toHaveLength(3);
    const evaluations = await t()
      .db.selectFrom('evaluations')
      .select(['category_id', 'question_bank_id'])
      .execute();
    expect(evaluations).toHaveLength(3);
    expect(new Set(evaluations.map((e) => e.category_id)).size).toBe(3);
    const assignments = await t().db.selectFrom('assignments').select('collaborator_id').execute();
    expect(assignments).toHaveLength(31);
    expect(first.logins.map((l) => l.role)).toEqual(['admin', 'gestionhumana', 'evaluador', 'colaborador']);
    for (const login of first.logins) {
      const res = await call(t().client(), authEndpoints.login, {
        body: { email: login.email, password: DEMO_PASSWORD },
      });
      expect(res.status, login.email).toBe(200);
      expect(res.body.user.role).toBe(login.role);
    }
    const again = await seedDemo(t().db);
    expect(again.seeded).toBe(false);
    expect(again.logins).toEqual(first.logins);
    // Its rounds are already running: nobody is told they started (decision 051).
    expect(await t().db.selectFrom('launch_notices').select('user_id').execute()).not.toHaveLength(0);
    expect(await runLaunchNotices(t(), new Date())).toBe(0);
  });

  it('leaves the V1 evaluation half done, with figures from the shared scoring code', async () => {
    const db = t().db;
    const submissions = await db
      .selectFrom('v1_submissions as s')
      .innerJoin('evaluations as e', 'e.id', 's.evaluation_id')
      .innerJoin('users as c', 'c.id', 's.collaborator_id')
      .innerJoin('assignments as a', (j) =>
        j.onRef('a.evaluator_id', '=', 's.evaluator_id').onRef('a.collaborator_id', '=', 's.collaborator_id'),
      )
      .select([
        's.id',
        's.collaborator_id',
        's.competencies_percentage',
        's.objectives_percentage',
        's.overall_percentage',
        's.requires_training',
        's.training_comments',
        'e.weight_competencies',
        'e.weight_objectives',
        'e.category_id',
        'c.category_id as collaborator_category',
      ])
      .execute();
    // Each of the 6 evaluators has done the first half (rounded up) of their 31 collaborators.
    expect(submissions.length).toBeGreaterThanOrEqual(16);
    expect(submissions.length).toBeLessThan(31);
    expect(submissions.some((s) => s.requires_training === 1)).toBe(true);
    expect(submissions.some((s) => s.requires_training === 0)).toBe(true);
    const answers = await db
      .selectFrom('v1_answers as a')
      .innerJoin('questions as q', 'q.id', 'a.question_id')
      .select(['a.submission_id', 'a.score', 'q.question_type'])
      .execute();
    for (const s of submissions) {
      expect(s.category_id).toBe(s.collaborator_category);
      expect(s.training_comments.length).toBeGreaterThan(0);
      const mine = answers
        .filter((a) => a.submission_id === s.id)
        .map((a) => ({ question_type: a.question_type as QuestionType, score: a.score }));
      expect(mine.length).toBeGreaterThan(0);
      const figures = v1Percentages(mine, s);
      expect(s.overall_percentage).toBeCloseTo(figures.overall_percentage, 9);
      expect(s.competencies_percentage).toBeCloseTo(figures.competencies_percentage!, 9);
      expect(s.objectives_percentage).toBeCloseTo(figures.objectives_percentage!, 9);
    }

    const hr = t().client();
    const hrLogin = (await seedDemo(db)).logins.find((l) => l.role === 'gestionhumana')!;
    await hr.login(hrLogin.email, DEMO_PASSWORD);
    const metrics = (await call(hr, dashboardEndpoints.metrics)).body;
    expect(metrics.total_completed_evaluations).toBe(submissions.length);
    expect(metrics.total_active_collaborators).toBe(31);
    expect(metrics.total_active_evaluators).toBe(6);
    expect(metrics.total_needing_training).toBe(submissions.filter((s) => s.requires_training === 1).length);
    expect(metrics.overall_average).toBeGreaterThan(0);
    expect(metrics.evaluation_progress.map((p) => p.evaluated).reduce((a, b) => a + b, 0)).toBe(
      submissions.length,
    );
    const first = submissions[0]!;
    const report = await call(hr, reportEndpoints.list);
    expect(wholeList(report.body)).toHaveLength(submissions.length);
    const training = await call(hr, trainingEndpoints.report);
    expect(Object.keys(training.body).length).toBeGreaterThan(0);
    const evaluation = await db
      .selectFrom('v1_submissions')
      .select('evaluation_id')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    const full = await call(hr, reportEndpoints.full, {
      params: { evaluationId: evaluation.evaluation_id, userId: first.collaborator_id },
    });
    expect(full.status).toBe(200);
    expect(full.body.overall_percentage).toBeCloseTo(first.overall_percentage, 9);
  });

  it('opens a 360 evaluation of teachers from the Personal docente template, assigned and mostly answered', async () => {
    const db = t().db;
    await seedDemo(db);
    const hr = t().client();
    const hrLogin = (await seedDemo(db)).logins.find((l) => l.role === 'gestionhumana')!;
    await hr.login(hrLogin.email, DEMO_PASSWORD);
    const { rows } = (await call(hr, v2EvaluationEndpoints.list)).body;
    expect(rows).toHaveLength(1);
    const ev = rows[0]!;
    const template = (await call(hr, v2TemplateEndpoints.list)).body.find(
      (x) => x.name === DEMO_V2_TEMPLATE,
    )!;
    expect(ev).toMatchObject({
      status: 'open',
      allow_self: true,
      template_id: template.id,
      item_count: template.item_count,
    });
    // All but two assignments answered: the demo colaborador's self-evaluation and one of her peers.
    expect(ev.completed_count).toBe(ev.assignment_count - 2);
    expect(ev.weight_objectives + ev.weight_competencies).toBe(100);
    const items = (await call(hr, v2ItemEndpoints.list, { params: { id: ev.id } })).body.items;
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['rating', 'yes_no', 'status_3', 'text']));

    const assignments = (
      await call(hr, v2AssignmentEndpoints.listByEvaluation, { params: { evaluationId: ev.id } })
    ).body.rows;
    expect(assignments).toHaveLength(ev.assignment_count);
    expect(assignments.filter((a) => a.status === 'pending')).toHaveLength(2);
    const byEvaluatee = new Map<number, V2AssignmentRow[]>();
    for (const a of assignments)
      byEvaluatee.set(a.evaluatee_id, [...(byEvaluatee.get(a.evaluatee_id) ?? []), a]);
    expect(byEvaluatee.size).toBeGreaterThanOrEqual(3);
    for (const list of byEvaluatee.values()) {
      const count = (r: string) => list.filter((a) => a.relation === r).length;
      expect(count('self')).toBe(1);
      expect(count('manager')).toBe(1);
      expect(count('peer')).toBeGreaterThanOrEqual(3);
    }
    expect(assignments.some((a) => a.relation === 'report')).toBe(true);
    const self = assignments.filter((a) => a.relation === 'self');
    expect(self.every((a) => a.evaluator_id === a.evaluatee_id)).toBe(true);
  });

  it('gives the 360 answers with N/A and comments, scored by the shared code, results, a snapshot, and something for the colaborador to answer', async () => {
    const db = t().db;
    const { logins } = await seedDemo(db);
    const login = (role: string) => logins.find((l) => l.role === role)!;
    const ev = await db.selectFrom('v2_evaluations').select(['id']).executeTakeFirstOrThrow();
    const stored = await db
      .selectFrom('v2_answers as a')
      .innerJoin('v2_items as i', 'i.id', 'a.item_id')
      .select(['a.value', 'a.score', 'a.skip', 'a.comment', 'i.type', 'i.scale_min', 'i.scale_max'])
      .execute();
    expect(stored.length).toBeGreaterThan(50);
    expect(stored.some((a) => a.skip === 1)).toBe(true);
    expect(stored.some((a) => a.comment !== null)).toBe(true);
    for (const a of stored) {
      const expected = v2AnswerScore(a, { value: JSON.parse(a.value), skip: a.skip === 1 });
      if (expected === null) expect(a.score).toBeNull();
      else expect(a.score).toBeCloseTo(expected, 12);
    }

    // The colaborador login has her own self-evaluation to answer, and answers it.
    const colaborador = t().client();
    await colaborador.login(login('colaborador').email, DEMO_PASSWORD);
    const mine = (await call(colaborador, v2AnswerEndpoints.mine)).body.rows;
    const todo = mine.filter((r) => r.assignment_status === 'pending');
    expect(todo).toHaveLength(1);
    expect(todo[0]!.relation).toBe('self');
    const theEvaluation = { params: { id: ev.id } };
    const items = (await call(colaborador, v2ItemEndpoints.list, theEvaluation)).body.items;
    const answers = items.map((item) => ({
      item_id: item.id,
      type: item.type,
      value:
        item.type === 'rating'
          ? item.scale_max
          : item.type === 'yes_no'
            ? true
            : item.type === 'status_3'
              ? 'logrado'
              : 'Me comprometo a mejorar.',
      skip: false,
      comment: null,
    }));
    const submit = await call(colaborador, v2AnswerEndpoints.submit, {
      body: { evaluation_id: ev.id, assignment_id: todo[0]!.assignment_id, answers },
    });
    expect(submit.status).toBe(201);

    const hr = t().client();
    await hr.login(login('gestionhumana').email, DEMO_PASSWORD);
    // The demo's 360 is open: HR follows its progress; figures are published at close (decision 023).
    const summary = (await call(hr, v2ResultEndpoints.summary, theEvaluation)).body;
    expect(summary).toMatchObject({ evaluatees: 3, released: false, overall_average: null });
    const me = mine[0]!;
    const theirResults = { params: { id: ev.id, userId: todo[0]!.evaluatee_id } };
    const results = (await call(hr, v2ResultEndpoints.person, theirResults)).body;
    expect(results.released).toBe(false);
    expect(results.relations.find((r) => r.relation === 'peer')).toMatchObject({
      raters_completed: 2,
      shown: false,
    });
    expect(me.evaluation_id).toBe(ev.id);
    const coordinator = summary.by_relation.find((r) => r.relation === 'report')!;
    expect(coordinator.completed).toBe(3);
    // The director (admin) reads the figures: her peers (2 of 3 answered, demo users count) are
    // below the threshold, flagged for admin; the other two teachers are scored.
    const director = t().client();
    await director.login(login('admin').email, DEMO_PASSWORD);
    const full = (await call(director, v2ResultEndpoints.summary, theEvaluation)).body;
    expect(full.overall_average).toBeGreaterThan(0);
    expect(full.evaluatees_scored).toBe(3);
    const hers = (await call(director, v2ResultEndpoints.person, theirResults)).body;
    expect(hers.self!.overall_percentage).toBe(100);
    expect(hers.relations.find((r) => r.relation === 'peer')).toMatchObject({
      raters_completed: 2,
      raters_counted: 2,
      shown: true,
      below_threshold: true,
    });

    const snapshots = (await call(hr, v2SnapshotEndpoints.list, theEvaluation)).body.snapshots;
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]).toMatchObject({ label: DEMO_SNAPSHOT_LABEL, created_by_name: login('admin').name });
    const frozen = (
      await call(hr, v2SnapshotEndpoints.get, { params: { id: ev.id, snapshotId: snapshots[0]!.id } })
    ).body;
    expect(frozen.detail).toHaveLength(3);
    // Frozen before the self-evaluation above.
    expect(frozen.summary.assignments_completed).toBe(summary.assignments_completed - 1);
  });
});
