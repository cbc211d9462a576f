import type { V2Evaluation, V2Item, V2ItemsPutInput } from '@evalua/contracts';
import type { TestClient } from './client';
import { unique } from './factories';

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

export async function putV2Items(
  client: TestClient,
  evaluationId: number,
  items: V2ItemsPutInput['items'],
): Promise<V2Item[]> {
  const res = await client.put(`/api/evaluations-v2/${evaluationId}/items`, { items });
  if (res.statusCode !== 200) throw new Error(`PUT items failed: ${res.statusCode} ${res.body}`);
  return res.json<{ items: V2Item[] }>().items;
}

/** A draft with one rating item, opened. */
export async function createOpenV2(
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<V2Evaluation> {
  const draft = await createV2Draft(client, overrides);
  await putV2Items(client, draft.id, [{ question_text: 'Trabaja en equipo.', type: 'rating' }]);
  const res = await client.patch(`/api/evaluations-v2/${draft.id}`, { status: 'open' });
  if (res.statusCode !== 200) throw new Error(`open V2 failed: ${res.statusCode} ${res.body}`);
  return res.json<V2Evaluation>();
}

export async function setV2Status(
  client: TestClient,
  evaluationId: number,
  status: 'open' | 'closed',
): Promise<void> {
  const res = await client.patch(`/api/evaluations-v2/${evaluationId}`, { status });
  if (res.statusCode !== 200) throw new Error(`status ${status} failed: ${res.statusCode} ${res.body}`);
}
