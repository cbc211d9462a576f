import {
  fullEvaluationEndpoints,
  type BodyInput,
  type QuestionType,
  type V1EvaluationStatus,
  type V1ReleaseMode,
} from '@evalua/contracts';
import { call } from './call';
import type { TestClient } from './client';
import type { TestContext } from './context';
import {
  DEFAULT_PASSWORD,
  createUser,
  loginAs,
  unique,
  type TestUser,
  type UserOverrides,
} from './factories';
import { nowIso } from '../src/time';

export interface V1Setup {
  categoryId: number;
  bankId: number;
  evaluationId: number;
  questions: Array<{ id: number; question_type: QuestionType }>;
}

/** A category with a bank of `types` questions and an evaluation of it (weights competencies/objectives). */
export async function createV1Evaluation(
  ctx: TestContext,
  types: QuestionType[],
  weights: { competencies: number; objectives: number } = { competencies: 60, objectives: 40 },
  opts: {
    categoryId?: number;
    bankId?: number;
    period?: string;
    name?: string;
    /** Default 'abierta': the category's open evaluation, if any, is closed first (decision 026). */
    status?: V1EvaluationStatus;
    /** Default 'al_enviar' (SPEC.md's behaviour): each result reads at submit (decision 050). */
    releaseMode?: V1ReleaseMode;
  } = {},
): Promise<V1Setup> {
  const db = ctx.db;
  const categoryName = unique('Cat');
  const categoryId =
    opts.categoryId ??
    (
      await db
        .insertInto('categories')
        .values({ name: categoryName, name_key: categoryName.toLowerCase() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  let bankId = opts.bankId;
  let questions: V1Setup['questions'] = [];
  if (bankId === undefined) {
    bankId = (
      await db
        .insertInto('question_banks')
        .values({ name: unique('Banco'), description: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const [i, t] of types.entries()) {
      questions.push(
        await db
          .insertInto('questions')
          .values({
            bank_id: bankId,
            question_text: `Pregunta ${i + 1} (${t})`,
            question_type: t,
            created_at: nowIso(),
          })
          .returning(['id', 'question_type'])
          .executeTakeFirstOrThrow(),
      );
    }
  } else {
    questions = await db
      .selectFrom('questions')
      .select(['id', 'question_type'])
      .where('bank_id', '=', bankId)
      .orderBy('id')
      .execute();
  }
  const status = opts.status ?? 'abierta';
  if (status === 'abierta')
    await db
      .updateTable('evaluations')
      .set({ status: 'cerrada' })
      .where('category_id', '=', categoryId)
      .where('status', '=', 'abierta')
      .execute();
  const { id: evaluationId } = await db
    .insertInto('evaluations')
    .values({
      name: opts.name ?? unique('Evaluación'),
      period: opts.period ?? '2026',
      weight_competencies: weights.competencies,
      weight_objectives: weights.objectives,
      category_id: categoryId,
      question_bank_id: bankId,
      status,
      release_mode: opts.releaseMode ?? 'al_enviar',
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { categoryId, bankId, evaluationId, questions };
}

export async function assign(ctx: TestContext, evaluatorId: number, collaboratorId: number): Promise<void> {
  await ctx.db
    .insertInto('assignments')
    .values({ evaluator_id: evaluatorId, collaborator_id: collaboratorId, created_at: nowIso() })
    .execute();
}

/**
 * An evaluator with a new collaborator of the category assigned: someone to answer a round of it,
 * which a person's open asks for (decision 053).
 */
export async function assignSomeoneIn(ctx: TestContext, categoryId: number): Promise<void> {
  const evaluator = await createUser(ctx, { role: 'evaluador', name: unique('Evaluadora') });
  const colab = await createUser(ctx, { category_id: categoryId, name: unique('Colaboradora') });
  await assign(ctx, evaluator.id, colab.id);
}

/** A logged-in evaluator assigned to a new collaborator of the setup's category. */
export async function evaluatorWithCollaborator(
  ctx: TestContext,
  setup: V1Setup,
  collaborator: UserOverrides = {},
): Promise<{ evaluator: TestUser; client: TestClient; collaborator: TestUser }> {
  const { user: evaluator, client } = await loginAs(ctx, 'evaluador');
  const colab = await createUser(ctx, { category_id: setup.categoryId, ...collaborator });
  await assign(ctx, evaluator.id, colab.id);
  return { evaluator, client, collaborator: colab };
}

/** The submit body: scores in the order of the setup's questions. */
export function submitBody(
  setup: V1Setup,
  collaboratorId: number,
  evaluatorId: number,
  scores: number[],
  training: { requires_training: boolean; comments: string } = {
    requires_training: false,
    comments: 'Sin observaciones.',
  },
) {
  return {
    evaluation_id: setup.evaluationId,
    user_id: collaboratorId,
    evaluator_id: evaluatorId,
    responses: setup.questions.map((q, i) => ({ question_id: q.id, score: scores[i] })),
    training,
  };
}

/**
 * A V1 submission through its endpoint, answered 201 (call's checks). `submitBody` may hold a
 * missing score (the validation tests send one), so its type is wider than the contract's body.
 */
export function submitV1(client: TestClient, body: ReturnType<typeof submitBody>) {
  return call(client, fullEvaluationEndpoints.submit, {
    body: body as BodyInput<typeof fullEvaluationEndpoints.submit>,
  });
}

/** A client logged in as an existing factory user. */
export async function clientFor(ctx: TestContext, user: TestUser): Promise<TestClient> {
  const client = ctx.client();
  const res = await client.login(user.email, DEFAULT_PASSWORD);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return client;
}

/**
 * A submission written straight to the database (figures as the app would store them for these
 * scores), for tests about what happens to a submission rather than about submitting.
 */
export async function insertV1Submission(
  ctx: TestContext,
  setup: V1Setup,
  collaboratorId: number,
  evaluatorId: number,
  score = 3,
): Promise<number> {
  const overall = (score / 4) * 100;
  const { id } = await ctx.db
    .insertInto('v1_submissions')
    .values({
      evaluation_id: setup.evaluationId,
      collaborator_id: collaboratorId,
      evaluator_id: evaluatorId,
      competencies_percentage: overall,
      objectives_percentage: overall,
      overall_percentage: overall,
      requires_training: 0,
      training_comments: '',
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const q of setup.questions)
    await ctx.db.insertInto('v1_answers').values({ submission_id: id, question_id: q.id, score }).execute();
  return id;
}
