import {
  RELATIONS,
  isAnonymousGroup,
  isAnonymousResultGroup,
  v2AnswerEndpoints,
  v2AssignmentEndpoints,
  v2InsightEndpoints,
  v2ReleaseEndpoints,
  v2ResultEndpoints,
  v2SnapshotEndpoints,
  type Relation,
  type V2Figures,
  type V2Item,
  type V2Results,
} from '@evalua/contracts';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { call, reply } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { loginAs, unique, type TestUser } from '../../../test/factories';
import { createV2OpeningWithItems, putV2Items, setV2Status } from '../../../test/v2';

/**
 * Issue 27 §6 (decision 041): one anonymity rule, so no view of a person's results shows what another
 * hides. Random people — raters of every relation, answered, pending or declined, some whose answers
 * do not count (the stamp, taken as given, or a results reader), N/A answers, several managers, a
 * 'Reporta a' manager who also rated the person — and then, for the same reader, the results JSON,
 * the snapshot, the insight and the summary must agree; the evaluatee reads exactly what HR reads; the
 * manager never reads more than HR, and their team view lists what they may open.
 */

type Rater = {
  relation: Exclude<Relation, 'self'> | null;
  state: 'completed' | 'pending' | 'declined';
  counts: boolean;
  /** Per item: 1-5, or null for N/A. */
  answers: [number | null, number | null];
};
type Person = {
  raters: Rater[];
  self: [number | null, number | null] | null;
  /** The pool rater the person reports to ('Reporta a'), if any. */
  reportsTo: number | null;
};

const POOL = 6;
/** The last rater of the pool is gestionhumana: a results reader, who never counts. */
const READER = POOL - 1;
const K = 3;

const value = fc.option(fc.integer({ min: 1, max: 5 }), { nil: null, freq: 4 });
const rater: fc.Arbitrary<Rater> = fc.record({
  relation: fc.constantFrom(null, 'manager', 'peer', 'peer', 'report', 'report'),
  state: fc.constantFrom('completed', 'completed', 'completed', 'pending', 'declined'),
  counts: fc.constantFrom(true, true, true, false),
  answers: fc.tuple(value, value),
});
const person: fc.Arbitrary<Person> = fc.record({
  raters: fc.array(rater, { minLength: POOL, maxLength: POOL }),
  self: fc.option(fc.tuple(value, value), { nil: null }),
  reportsTo: fc.option(fc.integer({ min: 0, max: POOL - 1 }), { nil: null }),
});

const close = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined ? b === null || b === undefined : b != null && Math.abs(a - b) < 1e-9;

const FIGURE_KEYS = ['competencies_percentage', 'objectives_percentage', 'overall_percentage'] as const;

/** Every figure `narrow` shows, `wide` shows too, with the same value. */
function expectWithin(narrow: V2Figures | null, wide: V2Figures | null) {
  if (!narrow) return;
  for (const key of FIGURE_KEYS) {
    if (narrow[key] !== null) expect(close(narrow[key], wide?.[key] ?? null)).toBe(true);
  }
}

describeEngines('one anonymity rule: every view of a person agrees (issue 27 §6)', (t) => {
  let admin: TestClient;
  let hr: TestClient;
  let pool: Array<{ user: TestUser; client: TestClient }>;
  beforeAll(async () => {
    admin = (await loginAs(t(), 'admin')).client;
    hr = (await loginAs(t(), 'gestionhumana')).client;
    pool = [];
    for (let i = 0; i < POOL; i++)
      pool.push(
        await loginAs(t(), i === READER ? 'gestionhumana' : 'colaborador', { name: `Evaluador ${i}` }),
      );
  });

  it('results, snapshot, insight, summary, the evaluatee, the manager and the team view never disagree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(person, { minLength: 1, maxLength: 3 }), async (people) => {
        const draft = await createV2OpeningWithItems(admin, { allow_self: true });
        const items: V2Item[] = await putV2Items(admin, draft.id, [
          { question_text: 'Trabaja en equipo.', type: 'rating', section: 'competency', weight: 1 },
          { question_text: 'Logra sus objetivos.', type: 'rating', section: 'objective', weight: 1 },
        ]);
        const tag = unique('vista');
        const evaluatees: Array<{ user: TestUser; client: TestClient }> = [];
        for (const [i, p] of people.entries()) {
          const e = await loginAs(t(), 'colaborador', { name: `Evaluada ${i} ${tag}` });
          evaluatees.push(e);
          if (p.reportsTo !== null) {
            await t()
              .db.updateTable('users')
              .set({ manager_id: pool[p.reportsTo]!.user.id })
              .where('id', '=', e.user.id)
              .execute();
          }
        }
        const assignments = people.flatMap((p, i) => [
          ...p.raters.flatMap((r, j) =>
            r.relation
              ? [
                  {
                    evaluator_id: pool[j]!.user.id,
                    evaluatee_id: evaluatees[i]!.user.id,
                    relation: r.relation,
                  },
                ]
              : [],
          ),
          ...(p.self
            ? [
                {
                  evaluator_id: evaluatees[i]!.user.id,
                  evaluatee_id: evaluatees[i]!.user.id,
                  relation: 'self' as const,
                },
              ]
            : []),
        ]);
        if (assignments.length > 0) {
          const bulk = await call(hr, v2AssignmentEndpoints.bulk, {
            body: { evaluation_id: draft.id, assignments, allow_multiple_managers: true },
          });
          expect(bulk.status).toBe(200);
        }
        const rows = await t()
          .db.selectFrom('v2_assignments')
          .select(['id', 'evaluator_id', 'evaluatee_id'])
          .where('evaluation_id', '=', draft.id)
          .execute();
        const idOf = (evaluator: number, evaluatee: number) =>
          rows.find((r) => r.evaluator_id === evaluator && r.evaluatee_id === evaluatee)!.id;
        const submit = async (
          client: TestClient,
          assignmentId: number,
          given: [number | null, number | null],
        ) => {
          const res = await call(client, v2AnswerEndpoints.submit, {
            body: {
              evaluation_id: draft.id,
              assignment_id: assignmentId,
              answers: items.map((item, n) => ({
                item_id: item.id,
                type: 'rating' as const,
                value: given[n] ?? 'na',
                skip: given[n] === null,
                comment: `Nota ${assignmentId}-${n}`,
              })),
            },
          });
          expect(res.status).toBe(201);
        };
        for (const [i, p] of people.entries()) {
          const e = evaluatees[i]!;
          if (p.self) await submit(e.client, idOf(e.user.id, e.user.id), p.self);
          for (const [j, r] of p.raters.entries()) {
            if (!r.relation) continue;
            const id = idOf(pool[j]!.user.id, e.user.id);
            if (r.state === 'completed') {
              await submit(pool[j]!.client, id, r.answers);
              // Who counts is decided at submit (helper B's stamp); here it is an input.
              await t()
                .db.updateTable('v2_responses')
                .set({ counts_for_anonymity: r.counts ? 1 : 0 })
                .where('assignment_id', '=', id)
                .execute();
            } else if (r.state === 'declined') {
              const res = await call(pool[j]!.client, v2AnswerEndpoints.decline, {
                body: { assignment_id: id, reason: 'No me corresponde.' },
              });
              expect(res.status).toBe(200);
            }
          }
        }
        await setV2Status(admin, draft.id, 'closed');
        const of = { params: { id: draft.id } };
        expect(
          (await call(hr, v2ReleaseEndpoints.set, { ...of, body: { evaluatee: true, manager: true } }))
            .status,
        ).toBe(200);
        const { body: snap } = await call(hr, v2SnapshotEndpoints.create, {
          ...of,
          body: { label: 'Al cierre' },
        });
        const { body: snapshot } = await call(hr, v2SnapshotEndpoints.get, {
          params: { id: draft.id, snapshotId: snap.snapshot.id },
        });
        const { body: insight } = await call(hr, v2InsightEndpoints.insight, of);
        const { body: summary } = await call(hr, v2ResultEndpoints.summary, of);
        const shownOveralls = new Map<Relation, number[]>(RELATIONS.map((r) => [r, []]));

        for (const [i, p] of people.entries()) {
          const e = evaluatees[i]!;
          const results = { params: { id: draft.id, userId: e.user.id } };
          const hrRes = await reply(hr, v2ResultEndpoints.person, results);
          const standing = p.raters.some((r) => r.relation && r.state !== 'declined') || p.self !== null;
          if (!standing) {
            expect(hrRes.status).toBe(404);
            continue;
          }
          if (!hrRes.ok) throw new Error(`HR no lee los resultados: ${hrRes.status} ${hrRes.body.error}`);
          const mine: V2Results = hrRes.body;

          // The rule, by hand: which groups are anonymous, and which the threshold hides.
          for (const relation of ['manager', 'peer', 'report'] as const) {
            const asked = p.raters.filter((r) => r.relation === relation);
            const standingHere = asked.filter((r) => r.state !== 'declined');
            const row = mine.relations.find((g) => g.relation === relation);
            if (standingHere.length === 0) {
              expect(row).toBeUndefined();
              continue;
            }
            const completed = asked.filter((r) => r.state === 'completed');
            const counted = p.raters.filter(
              (r, j) => r.relation === relation && r.state === 'completed' && r.counts && j !== READER,
            ).length;
            const anonymous = isAnonymousGroup(relation, asked.length);
            expect(row).toMatchObject({
              raters_assigned: standingHere.length,
              raters_completed: completed.length,
              raters_counted: counted,
              anonymous,
            });
            // The web reads the same rule from the same row.
            expect(isAnonymousResultGroup(row!)).toBe(anonymous);
            if (anonymous && completed.length > 0 && counted < K) expect(row!.shown).toBe(false);
            if (!anonymous) expect(row!.shown).toBe(true);
            if (row!.shown && row!.overall_percentage !== null)
              shownOveralls.get(relation)!.push(row!.overall_percentage);
          }
          // Nothing of a group this view hides, anywhere in it.
          const visible = new Set(mine.relations.filter((g) => g.shown).map((g) => g.relation));
          for (const c of mine.comments) expect(visible.has(c.relation)).toBe(true);
          for (const item of mine.items)
            for (const key of Object.keys(item.by_relation))
              expect(visible.has(key as V2Results['relations'][number]['relation'])).toBe(true);
          if (mine.relations.some((g) => g.relation !== 'self' && g.raters_completed > 0 && !g.shown))
            if (!mine.relations.some((g) => g.relation === 'peer_report' && g.shown))
              expect(mine.others).toBeNull();

          // The snapshot froze exactly this view for HR.
          const frozen = snapshot.detail.find((d) => d.evaluatee_id === e.user.id)!;
          expect(JSON.parse(JSON.stringify(frozen.relations))).toEqual(
            JSON.parse(JSON.stringify(mine.relations)),
          );
          expect(frozen.self).toEqual(mine.self);
          expect(frozen.others).toEqual(mine.others);

          // The insight's row is this view's "others", figure by figure and item by item.
          const row = insight.people.find((x) => x.user_id === e.user.id);
          if (row) {
            const pairs = [
              [row.competencies, mine.others?.competencies_percentage ?? null],
              [row.objectives, mine.others?.objectives_percentage ?? null],
              [row.overall, mine.others?.overall_percentage ?? null],
              ...row.items.map((cell, n) => [cell, mine.items[n]!.others_average] as const),
            ] as const;
            for (const [cell, figure] of pairs) {
              expect(cell.state === 'shown').toBe(figure !== null);
              if (figure !== null) expect(close(cell.value, figure)).toBe(true);
            }
          }

          // The evaluatee reads exactly what HR reads.
          expect((await call(e.client, v2ResultEndpoints.person, results)).body).toEqual(mine);

          // Their managers — 'Reporta a', or asked to rate them as manager and not declined (a declined
          // request grants nothing) — never read more than HR, and the team view lists whom they open
          // (once someone answered about them). Anyone else of the pool is refused.
          const anyCompleted = p.self !== null || p.raters.some((r) => r.relation && r.state === 'completed');
          for (let j = 0; j < READER; j++) {
            const boss = pool[j]!;
            const isManager =
              p.reportsTo === j || (p.raters[j]!.relation === 'manager' && p.raters[j]!.state !== 'declined');
            const team = (await call(boss.client, v2ReleaseEndpoints.team)).body.rows.filter(
              (r) => r.evaluation_id === draft.id && r.evaluatee_id === e.user.id,
            );
            const read = await reply(boss.client, v2ResultEndpoints.person, results);
            expect(team.length).toBe(isManager && anyCompleted ? 1 : 0);
            if (!isManager) {
              expect(read.status).toBe(403);
            } else {
              if (anyCompleted) expect(team[0]!.released).toBe(true);
              if (!read.ok)
                throw new Error(`Su jefe no lee los resultados: ${read.status} ${read.body.error}`);
              const theirs = read.body;
              for (const g of theirs.relations) {
                const wide = mine.relations.find((x) => x.relation === g.relation);
                if (g.shown && g.raters_completed > 0 && g.relation !== 'peer_report') {
                  expect(wide?.shown).toBe(true);
                  expectWithin(g, wide ?? null);
                }
              }
              expectWithin(theirs.others, mine.others);
              const hrComments = mine.comments.map((c) => c.text);
              for (const c of theirs.comments) expect(hrComments).toContain(c.text);
            }
          }
        }

        // The summary averages exactly the groups each view shows.
        for (const relation of ['manager', 'peer', 'report'] as const) {
          const shown = shownOveralls.get(relation)!;
          const avg = summary.by_relation.find((r) => r.relation === relation)!.overall_average;
          expect(close(avg, shown.length ? shown.reduce((a, v) => a + v, 0) / shown.length : null)).toBe(
            true,
          );
        }
      }),
      { numRuns: 10 },
    );
  }, 600_000);
});
