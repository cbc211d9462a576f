import type { V2Evaluation, V2Item, V2ItemsPutInput } from '@evalua/contracts';
import type { TestClient } from './client';
import type { TestContext } from './context';
import { createUser, unique } from './factories';

export const V2_WEIGHTS = { weight_objectives: 40, weight_competencies: 60 };

/** A blank 360 draft through the API. */
export async function createV2Draft(
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<V2Evaluation> {
  const res = await client.post('/api/evaluations-v2', {
    name: unique('Evaluación 360'),
    period: 'Q4-2025',
    weights: V2_WEIGHTS,
    allow_self: true,
    save_as_template: false,
    // What the web sends: a draft that opens only when asked (decision 046).
    status: 'draft',
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`create V2 failed: ${res.statusCode} ${res.body}`);
  return res.json<V2Evaluation>();
}

/**
 * A 360 created without a status, as SPEC.md's client does: it opens by itself when an items save
 * leaves it with an item (decision 046), before any rater is assigned — what tests that assign their
 * raters to an open round use (a person's open needs a rater first, decision 053).
 */
export function createV2OpeningWithItems(
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<V2Evaluation> {
  return createV2Draft(client, { status: undefined, ...overrides });
}

export async function putV2Items(
  client: TestClient,
  evaluationId: number,
  items: V2ItemsPutInput['items'],
): Promise<V2Item[]> {
  const res = await client.put(`/api/evaluations-v2/${evaluationId}/items`, { items });
  if (res.statusCode !== 200) throw new Error(`PUT items failed: ${res.statusCode} ${res.body}`);
  return res.json<{ items: V2Item[] }>().items;
}

/**
 * An open 360 with one rating item and no raters yet (the tests assign theirs): created without a
 * status, as SPEC.md's client does, it opens by itself with its first item (decision 046) — a
 * person's open would need a rater first (decision 053).
 */
export async function createOpenV2(
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<V2Evaluation> {
  const draft = await createV2OpeningWithItems(client, overrides);
  await putV2Items(client, draft.id, [{ question_text: 'Trabaja en equipo.', type: 'rating' }]);
  const res = await client.get(`/api/evaluations-v2/${draft.id}`);
  const opened = res.json<V2Evaluation>();
  if (opened.status !== 'open') throw new Error(`open V2 failed: ${res.statusCode} ${res.body}`);
  return opened;
}

export async function setV2Status(
  client: TestClient,
  evaluationId: number,
  status: 'open' | 'closed',
): Promise<void> {
  const res = await client.patch(`/api/evaluations-v2/${evaluationId}`, { status });
  if (res.statusCode !== 200) throw new Error(`status ${status} failed: ${res.statusCode} ${res.body}`);
}

/** One peer rater for a new person: someone to answer, which a person's open asks for (decision 053). */
export async function assignARater(t: TestContext, client: TestClient, evaluationId: number): Promise<void> {
  const rater = await createUser(t, { name: unique('Evaluadora') });
  const evaluatee = await createUser(t, { name: unique('Evaluada') });
  const res = await client.post('/api/assignments-v2/bulk', {
    evaluation_id: evaluationId,
    assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
  });
  if (res.statusCode !== 200) throw new Error(`bulk assign failed: ${res.statusCode} ${res.body}`);
}
