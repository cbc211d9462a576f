import type { Relation, V2Evaluation, V2Item, V2ItemsPutInput } from '@evalua/contracts';
import { expect } from 'vitest';
import type { TestClient } from './client';
import type { TestContext } from './context';
import { loginAs, unique, type TestUser } from './factories';
import { createV2OpeningWithItems, putV2Items } from './v2';

/**
 * A 360 evaluation with one item of each kind, weights 60 (competencies) / 40 (objectives):
 * 1 rating 1-5 competency ×2 · 2 yes/no competency ×1 · 3 status_3 objective ×1 ·
 * 4 rating 1-4 objective ×2 · 5 text competency ×0.
 */
export const SCENARIO_ITEMS: V2ItemsPutInput['items'] = [
  { question_text: 'Trabaja en equipo con sus colegas.', type: 'rating', section: 'competency', weight: 2 },
  { question_text: 'Cumple con el horario establecido.', type: 'yes_no', section: 'competency', weight: 1 },
  { question_text: 'Entregó la planificación a tiempo.', type: 'status_3', section: 'objective', weight: 1 },
  {
    question_text: 'Logro de los aprendizajes esperados.',
    type: 'rating',
    section: 'objective',
    weight: 2,
    scale_min: 1,
    scale_max: 4,
    scale_labels: ['Insatisfactorio', 'En desarrollo', 'Competente', 'Destacado'],
  },
  { question_text: 'Comentarios generales.', type: 'text', section: 'competency', weight: 0 },
];

/** Marks an N/A answer. */
export const NA = Symbol('N/A');

export interface RaterAnswers {
  values: unknown[];
  /** Comments by item index. */
  comments?: Record<number, string>;
}

/**
 * The raters' answers and their hand-computed figures (competency % = weighted mean of items 1-2;
 * objective % = weighted mean of items 3-4; overall = 0.6 × competency + 0.4 × objective):
 */
export const ANSWERS = {
  // 1.0, 1, 1, 1 → 100 / 100 / 100
  self: { values: [5, true, 'logrado', 4, 'Me esfuerzo mucho.'] },
  // (2×0.75 + 0)/3 = 50; (0.5 + 2×2/3)/3 = 61.11; 30 + 24.44 = 54.44 (490/9)
  manager: { values: [4, false, 'proceso', 3, NA], comments: { 0: 'Buen trabajo en equipo.' } },
  // (2×0.5 + 1)/3 = 66.67; item 4 N/A → 1/1 = 100; 40 + 40 = 80
  p1: { values: [3, true, 'logrado', NA, 'Colabora con todos.'], comments: { 1: 'Siempre puntual.' } },
  // (2 + 1)/3 = 100; 0; 60
  p2: { values: [5, true, 'no_logrado', 1, NA] },
  // (2×0.25 + 1)/3 = 50; (0.5 + 2)/3 = 83.33; 30 + 33.33 = 63.33 (190/3)
  p3: { values: [2, true, 'proceso', 4, 'Puede mejorar la comunicación.'] },
  // 0; (0.5 + 2×1/3)/3 = 38.89; 15.56 (140/9)
  r1: { values: [1, false, 'proceso', 2, 'Explica con claridad.'], comments: { 3: 'Le cuesta el cierre.' } },
  p4: { values: [5, true, 'logrado', 4, 'Excelente.'] },
} satisfies Record<string, RaterAnswers>;

export const OVERALL = { self: 100, manager: 490 / 9, p1: 80, p2: 60, p3: 190 / 3, r1: 140 / 9, p4: 100 };

/** The submit body's answers for the items (in order) from a rater's values. */
export function answersFor(items: readonly V2Item[], given: RaterAnswers) {
  return items.map((item, i) => {
    const value = given.values[i];
    const comment = given.comments?.[i] ?? null;
    return value === NA
      ? { item_id: item.id, type: item.type, value: 'na', skip: true, comment }
      : { item_id: item.id, type: item.type, value, skip: false, comment };
  });
}

export type RaterKey = 'manager' | 'p1' | 'p2' | 'p3' | 'p4' | 'r1';
export type EvaluateeKey = 'A' | 'B' | 'C' | 'D';

/**
 * Who rates whom (p4's assignment to D stays pending):
 * A: self, manager, p1, p2 — 2 peers (hidden from HR; "others" withheld)
 * B: self, manager, p1, p2, r1 — 2 peers + 1 report, merged into 3 (shown as one group)
 * C: manager, p1, r1 — 1 peer + 1 report, merged into 2 (still hidden; "others" withheld)
 * D: manager, p1, p2, p3, p4 — 3 peers answered (shown)
 */
export const PLAN: Record<EvaluateeKey, Array<RaterKey | 'self'>> = {
  A: ['self', 'manager', 'p1', 'p2'],
  B: ['self', 'manager', 'p1', 'p2', 'r1'],
  C: ['manager', 'p1', 'r1'],
  D: ['manager', 'p1', 'p2', 'p3', 'p4'],
};

const RELATION: Record<RaterKey | 'self', Relation> = {
  self: 'self',
  manager: 'manager',
  p1: 'peer',
  p2: 'peer',
  p3: 'peer',
  p4: 'peer',
  r1: 'report',
};

export interface Scenario {
  admin: TestClient;
  evaluation: V2Evaluation;
  items: V2Item[];
  raters: Record<RaterKey, { user: TestUser; client: TestClient }>;
  evaluatees: Record<EvaluateeKey, { user: TestUser; client: TestClient }>;
  assignmentId(rater: RaterKey | 'self', evaluatee: EvaluateeKey): Promise<number>;
  submit(rater: RaterKey | 'self', evaluatee: EvaluateeKey): Promise<void>;
}

/** Builds the open evaluation, its people and assignments, and submits every answer but p4 → D. */
export async function build360(t: TestContext): Promise<Scenario> {
  const { client: admin } = await loginAs(t, 'admin');
  const draft = await createV2OpeningWithItems(admin, { allow_self: true });
  const items = await putV2Items(admin, draft.id, SCENARIO_ITEMS);
  const tag = unique('360');
  const raters = {} as Scenario['raters'];
  for (const key of ['manager', 'p1', 'p2', 'p3', 'p4', 'r1'] as const)
    raters[key] = await loginAs(t, key === 'manager' ? 'evaluador' : 'colaborador', {
      name: `${key} ${tag}`,
    });
  const evaluatees = {} as Scenario['evaluatees'];
  for (const key of ['A', 'B', 'C', 'D'] as const)
    evaluatees[key] = await loginAs(t, 'colaborador', {
      name: `Evaluada ${key} ${tag}`,
      department: 'Matemáticas',
      position: 'Docente',
    });
  const userOf = (rater: RaterKey | 'self', evaluatee: EvaluateeKey) =>
    rater === 'self' ? evaluatees[evaluatee] : raters[rater];
  const bulk = await admin.post('/api/assignments-v2/bulk', {
    evaluation_id: draft.id,
    assignments: (Object.keys(PLAN) as EvaluateeKey[]).flatMap((e) =>
      PLAN[e].map((r) => ({
        evaluator_id: userOf(r, e).user.id,
        evaluatee_id: evaluatees[e].user.id,
        relation: RELATION[r],
      })),
    ),
  });
  expect(bulk.statusCode).toBe(200);
  const assignmentId = async (rater: RaterKey | 'self', evaluatee: EvaluateeKey) => {
    const row = await t.db
      .selectFrom('v2_assignments')
      .select('id')
      .where('evaluation_id', '=', draft.id)
      .where('evaluator_id', '=', userOf(rater, evaluatee).user.id)
      .where('evaluatee_id', '=', evaluatees[evaluatee].user.id)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const submit = async (rater: RaterKey | 'self', evaluatee: EvaluateeKey) => {
    const res = await userOf(rater, evaluatee).client.post('/api/responses-v2/submit', {
      evaluation_id: draft.id,
      assignment_id: await assignmentId(rater, evaluatee),
      answers: answersFor(items, ANSWERS[rater]),
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  for (const e of Object.keys(PLAN) as EvaluateeKey[])
    for (const r of PLAN[e]) if (!(r === 'p4' && e === 'D')) await submit(r, e);
  const evaluation = (await admin.get(`/api/evaluations-v2/${draft.id}`)).json<V2Evaluation>();
  return { admin, evaluation, items, raters, evaluatees, assignmentId, submit };
}
