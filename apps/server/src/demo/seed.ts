import {
  currentQuarter,
  v1Percentages,
  type QuestionType,
  type Relation,
  type V2Item,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { categoryKey } from '../modules/categories/repository';
import { markOpenWorkTold } from '../modules/reminders';
import { countUsers, insertUser } from '../modules/users/repository';
import { insertResponse } from '../modules/v2-answers/repository';
import { checkAnswers } from '../modules/v2-answers/service';
import { listItems } from '../modules/v2-items/repository';
import { freezeSnapshot } from '../modules/v2-snapshots/service';
import { copyTemplateItemsToEvaluation, templateKey } from '../modules/v2-templates/repository';
import { nowIso } from '../time';
import { DEMO_BANKS } from './banks';
import { DEMO_CATEGORIES, DEMO_PASSWORD, demoEmail, demoPeople, type DemoPerson } from './school';

export interface DemoLogin {
  role: string;
  name: string;
  email: string;
}

/** Seeds the demo school into an empty database (one transaction); does nothing when users exist. */
export async function seedDemo(db: Kysely<Database>): Promise<{ seeded: boolean; logins: DemoLogin[] }> {
  const people = demoPeople();
  const emails = people.map((p, i) => demoEmail(p.name, i + 1));
  const logins = (['admin', 'gestionhumana', 'evaluador', 'colaborador'] as const).map((role) => {
    const i = people.findIndex((p) => p.role === role);
    return { role, name: people[i]!.name, email: emails[i]! };
  });
  if ((await countUsers(db)) > 0) return { seeded: false, logins };

  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, number>();
    for (const name of DEMO_CATEGORIES) {
      const row = await trx
        .insertInto('categories')
        .values({ name, name_key: categoryKey(name) })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.set(name, row.id);
    }
    const ids: number[] = [];
    for (const [i, p] of people.entries()) {
      const row = await insertUser(trx, {
        name: p.name,
        email: emails[i]!,
        password_hash: hash,
        role: p.role,
        position: p.position,
        department: p.department,
        category_id: categoryIds.get(p.category) ?? null,
      });
      ids.push(row.id);
    }

    const now = nowIso();
    const rounds = new Map<
      string,
      {
        evaluationId: number;
        weights: { weight_competencies: number; weight_objectives: number };
        questions: Array<{ id: number; question_type: QuestionType }>;
      }
    >();
    for (const bank of DEMO_BANKS) {
      const b = await trx
        .insertInto('question_banks')
        .values({ name: bank.name, description: bank.description })
        .returning('id')
        .executeTakeFirstOrThrow();
      const questions = await trx
        .insertInto('questions')
        .values(
          bank.questions.map(([type, text]) => ({
            bank_id: b.id,
            question_text: text,
            question_type: type,
            created_at: now,
          })),
        )
        .returning(['id', 'question_type'])
        .execute();
      questions.sort((x, y) => x.id - y.id);
      const evaluation = await trx
        .insertInto('evaluations')
        .values({
          name: `${bank.evaluation.name} ${new Date().getFullYear()}`,
          period: String(new Date().getFullYear()),
          weight_competencies: bank.evaluation.weight_competencies,
          weight_objectives: bank.evaluation.weight_objectives,
          category_id: categoryIds.get(bank.category)!,
          question_bank_id: b.id,
          status: 'abierta',
          created_at: now,
          // Deadlines show in the lists and the reminders (decision 033).
          due_date: demoDueDate(21),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      rounds.set(bank.category, {
        evaluationId: evaluation.id,
        weights: {
          weight_competencies: bank.evaluation.weight_competencies,
          weight_objectives: bank.evaluation.weight_objectives,
        },
        questions,
      });
    }

    // Each coordinator evaluates the collaborators of their category, shared out in turn.
    const evaluators = people.flatMap((p, i) => (p.role === 'evaluador' ? [{ ...p, id: ids[i]! }] : []));
    const turn = new Map<string, number>();
    const pairs = people.flatMap((p, i) => {
      if (p.role !== 'colaborador') return [];
      const candidates = evaluators.filter((e) => e.category === p.category);
      const k = turn.get(p.category) ?? 0;
      turn.set(p.category, k + 1);
      const evaluator = candidates[k % candidates.length];
      return evaluator
        ? [{ evaluator_id: evaluator.id, collaborator_id: ids[i]!, created_at: now, category: p.category }]
        : [];
    });
    await trx
      .insertInto('assignments')
      .values(pairs.map(({ category: _category, ...pair }) => pair))
      .execute();
    // 'Reporta a' (decision 036): each collaborator reports to their coordinator, coordinators to
    // the director, so that the users' screens, nominations and manager assignments have it.
    const director = ids[people.findIndex((p) => p.role === 'admin')]!;
    for (const pair of pairs) {
      await trx
        .updateTable('users')
        .set({ manager_id: pair.evaluator_id })
        .where('id', '=', pair.collaborator_id)
        .execute();
    }
    for (const e of evaluators) {
      await trx.updateTable('users').set({ manager_id: director }).where('id', '=', e.id).execute();
    }
    await seedV1Results(trx, pairs, rounds);
    await seedV2Evaluation(
      trx,
      people.map((p, i) => ({ ...p, id: ids[i]! })),
    );
    // The demo school's rounds are already running: nobody is told they started (decision 051).
    await markOpenWorkTold(trx, new Date());
  });
  return { seeded: true, logins };
}

/** Realistic, deterministic ratings: mostly 3 and 4, some 2, a few 1. */
const SCORE_PATTERN = [3, 4, 3, 2, 4, 3, 4, 3, 1, 4, 3, 3, 2, 4];

const TRAINING_COMMENTS = {
  yes: [
    'Se recomienda un taller de evaluación formativa y retroalimentación.',
    'Necesita reforzar la planificación y el cumplimiento de plazos.',
    'Sugerimos capacitación en herramientas digitales para su área.',
    'Conviene un curso de manejo de conflictos y comunicación con familias.',
  ],
  no: [
    'Buen desempeño; no requiere capacitación por ahora.',
    'Cumple con lo esperado. Mantener el acompañamiento habitual.',
    'Desempeño destacado; puede apoyar a sus colegas.',
  ],
} as const;

/**
 * The V1 evaluation half done: each evaluator has submitted for the first half (rounded up) of their
 * collaborators, with ratings, training answers and percentages from the shared scoring code.
 */
async function seedV1Results(
  trx: Kysely<Database>,
  pairs: Array<{ evaluator_id: number; collaborator_id: number; category: string }>,
  rounds: Map<
    string,
    {
      evaluationId: number;
      weights: { weight_competencies: number; weight_objectives: number };
      questions: Array<{ id: number; question_type: QuestionType }>;
    }
  >,
): Promise<void> {
  const byEvaluator = new Map<number, typeof pairs>();
  for (const pair of pairs)
    byEvaluator.set(pair.evaluator_id, [...(byEvaluator.get(pair.evaluator_id) ?? []), pair]);
  const done = [...byEvaluator.values()].flatMap((list) => list.slice(0, Math.ceil(list.length / 2)));
  const answers: Array<{ submission_id: number; question_id: number; score: number }> = [];
  for (const [k, pair] of done.entries()) {
    const round = rounds.get(pair.category);
    if (!round) continue;
    const scores = round.questions.map((q, j) => ({
      question_id: q.id,
      question_type: q.question_type,
      score: SCORE_PATTERN[(k * 5 + j * 3) % SCORE_PATTERN.length]!,
    }));
    const figures = v1Percentages(scores, round.weights);
    const needsTraining = figures.overall_percentage < 75;
    const comments = needsTraining ? TRAINING_COMMENTS.yes : TRAINING_COMMENTS.no;
    const { id } = await trx
      .insertInto('v1_submissions')
      .values({
        evaluation_id: round.evaluationId,
        collaborator_id: pair.collaborator_id,
        evaluator_id: pair.evaluator_id,
        ...figures,
        requires_training: needsTraining ? 1 : 0,
        training_comments: comments[k % comments.length]!,
        // Spread over the last days, as a real round would be.
        created_at: nowIso(Date.now() - (done.length - k) * 5 * 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const s of scores) answers.push({ submission_id: id, question_id: s.question_id, score: s.score });
  }
  if (answers.length > 0) await trx.insertInto('v1_answers').values(answers).execute();
}

export const DEMO_V2_TEMPLATE = 'Personal docente';
export const DEMO_SNAPSHOT_LABEL = 'Corte de mitad de período';

/**
 * A 360 evaluation of teachers from the 'Personal docente' template, open, with its raters
 * assigned: two teachers (self, their coordinator as manager, three peers) and the mathematics
 * coordinator (self, the director as manager, the other coordinators as peers, the mathematics
 * teachers as reports). Most have answered (with some N/A and comments), so results show data:
 * the Lengua Española teacher and the coordinator completely; the mathematics teacher — the demo
 * colaborador login — has her manager and two of three peers (a group HR does not see yet) and her
 * own self-evaluation still to answer. A first snapshot freezes that moment.
 */
async function seedV2Evaluation(
  trx: Kysely<Database>,
  staff: Array<DemoPerson & { id: number }>,
): Promise<void> {
  const template = await trx
    .selectFrom('v2_templates')
    .select('id')
    .where('name_key', '=', templateKey(DEMO_V2_TEMPLATE))
    .executeTakeFirst();
  if (!template) return;
  const director = staff.find((p) => p.role === 'admin')!;
  const coordinators = staff.filter((p) => p.role === 'evaluador' && p.category === 'Docentes');
  const teachers = staff.filter((p) => p.role === 'colaborador' && p.category === 'Docentes');
  const year = new Date().getFullYear();
  const { id: evaluationId } = await trx
    .insertInto('v2_evaluations')
    .values({
      name: `Evaluación 360 docente ${year}`,
      period: currentQuarter(),
      status: 'open',
      weight_objectives: 40,
      weight_competencies: 60,
      allow_self: 1,
      template_id: template.id,
      created_by: director.id,
      created_at: nowIso(),
      due_date: demoDueDate(7),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await copyTemplateItemsToEvaluation(trx, template.id, evaluationId);

  const rows: Array<{ evaluator_id: number; evaluatee_id: number; relation: Relation }> = [];
  const add = (evaluator: { id: number }, evaluatee: { id: number }, relation: Relation) =>
    rows.push({ evaluator_id: evaluator.id, evaluatee_id: evaluatee.id, relation });
  const mathTeacher = teachers.find((p) => p.department === 'Matemáticas')!;
  for (const department of ['Matemáticas', 'Lengua Española']) {
    const teacher = teachers.find((p) => p.department === department)!;
    const coordinator = coordinators.find((p) => p.department === department)!;
    add(teacher, teacher, 'self');
    add(coordinator, teacher, 'manager');
    for (const peer of teachers.filter((p) => p.id !== teacher.id && p.department !== department).slice(0, 3))
      add(peer, teacher, 'peer');
  }
  const mathCoordinator = coordinators.find((p) => p.department === 'Matemáticas')!;
  add(mathCoordinator, mathCoordinator, 'self');
  add(director, mathCoordinator, 'manager');
  for (const peer of coordinators.filter((p) => p.id !== mathCoordinator.id))
    add(peer, mathCoordinator, 'peer');
  for (const report of teachers.filter((p) => p.department === 'Matemáticas'))
    add(report, mathCoordinator, 'report');
  const now = nowIso();
  const assignments = await trx
    .insertInto('v2_assignments')
    .values(rows.map((r) => ({ ...r, evaluation_id: evaluationId, created_at: now })))
    .returning(['id', 'evaluator_id', 'evaluatee_id', 'relation'])
    .execute();
  assignments.sort((a, b) => a.id - b.id);

  // Everyone answers except, for the mathematics teacher, her own self-evaluation and her third peer.
  const mathPeers = assignments.filter((a) => a.evaluatee_id === mathTeacher.id && a.relation === 'peer');
  const pending = new Set([
    ...assignments.filter((a) => a.evaluatee_id === mathTeacher.id && a.relation === 'self').map((a) => a.id),
    ...mathPeers.slice(2).map((a) => a.id),
  ]);
  const items = await listItems(trx, evaluationId);
  const answered = assignments.filter((a) => !pending.has(a.id));
  for (const [k, a] of answered.entries()) {
    const at = nowIso(Date.now() - (answered.length - k) * 3 * 3_600_000);
    const answers = checkAnswers(
      items.map((item, j) => demoAnswer(item, k, j)),
      items,
    );
    await trx
      .updateTable('v2_assignments')
      .set({ status: 'completed', completed_at: at })
      .where('id', '=', a.id)
      .execute();
    await insertResponse(trx, {
      assignment_id: a.id,
      evaluator_id: a.evaluator_id,
      submitted_at: at,
      answers,
    });
  }
  await freezeSnapshot(
    trx,
    evaluationId,
    { label: DEMO_SNAPSHOT_LABEL, notes: 'Resultados al cerrar la primera quincena de respuestas.' },
    director.id,
    DEMO_ANONYMITY_MIN_RATERS,
  );
}

/** The demo's snapshot uses the default threshold (ANONYMITY_MIN_RATERS). */
const DEMO_ANONYMITY_MIN_RATERS = 3;

const DEMO_STATUS3 = ['logrado', 'logrado', 'proceso', 'logrado', 'no_logrado', 'proceso'] as const;
const DEMO_COMMENTS = [
  'Se nota su preparación en cada clase.',
  'Podría compartir más sus materiales con el equipo.',
  'Muy buena disposición para colaborar.',
  'Conviene reforzar la retroalimentación a los estudiantes.',
] as const;
const DEMO_TEXTS = [
  'Fortalezas: cercanía con los estudiantes y orden. A mejorar: uso de recursos digitales.',
  'Buen manejo del grupo; le sugiero variar más las estrategias de evaluación.',
  'Comprometido con la institución. Puede asumir más liderazgo en su departamento.',
] as const;

/** A realistic, deterministic answer of the k-th rater to the j-th item: some N/A and comments. */
function demoAnswer(
  item: V2Item,
  k: number,
  j: number,
): { item_id: number; value: unknown; skip: boolean; comment: string | null } {
  const base = { item_id: item.id, skip: false, comment: null as string | null };
  if ((k * 3 + j) % 11 === 5) return { ...base, value: 'na', skip: true };
  if (item.type === 'rating' && (k + j) % 6 === 0)
    base.comment = DEMO_COMMENTS[(k + j) % DEMO_COMMENTS.length]!;
  switch (item.type) {
    case 'rating': {
      const drop = [0, 1, 0, 1, 2, 0, 1][(k * 2 + j) % 7]!;
      return { ...base, value: Math.max(item.scale_min, item.scale_max - drop) };
    }
    case 'yes_no':
      return { ...base, value: (k + j) % 5 !== 0 };
    case 'status_3':
      return { ...base, value: DEMO_STATUS3[(k + j) % DEMO_STATUS3.length] };
    case 'text':
      return k % 3 === 2
        ? { ...base, value: 'na', skip: true }
        : { ...base, value: DEMO_TEXTS[k % DEMO_TEXTS.length] };
  }
}

/** A due date `days` from today (UTC day; a demo needs no time zone). */
function demoDueDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
