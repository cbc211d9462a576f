import { v1Percentages, type V2Item } from '@evalua/contracts';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../apps/server/src/auth/passwords';
import type { Database } from '../../apps/server/src/db/schema';
import { insertAssignment } from '../../apps/server/src/modules/assignments/repository';
import { insertSubmission } from '../../apps/server/src/modules/full-evaluation/repository';
import { insertPairs } from '../../apps/server/src/modules/v2-assignments/repository';
import { insertUser } from '../../apps/server/src/modules/users/repository';
import { nowIso } from '../../apps/server/src/time';
import { expectStatus, type Session } from './http';
import { PASSWORD, createV1Structure, fullSubmitBody, uniqueName, type V1Structure } from './rounds';

/**
 * The load benchmark's school: the evaluation structure through the API (as HR builds it), the people
 * and assignments in bulk through the repository functions (as an import would).
 */

export interface SeedSize {
  evaluators: number;
  hr: number;
  collaborators: number;
  /** Pending V1 targets (evaluation × assigned collaborator) wanted; each write takes one. */
  v1Targets: number;
  /** Pending V2 assignments wanted. */
  v2Targets: number;
}

export interface Person {
  id: number;
  email: string;
}

export interface School {
  v1: V1Structure;
  /** A closed-off earlier evaluation with one submission per collaborator (reports read it). */
  historyEvaluationId: number;
  /** The open round: evaluations whose (evaluation, collaborator, evaluator) targets are pending. */
  roundEvaluationIds: number[];
  v2EvaluationId: number;
  v2Items: V2Item[];
  evaluators: Person[];
  hr: Person[];
  collaboratorIds: number[];
  /** evaluator id → collaborators assigned (V1). */
  v1Assigned: Map<number, number[]>;
}

const V2_ITEMS = [
  { question_text: 'Trabaja en equipo con sus colegas.', type: 'rating', section: 'competency', weight: 2 },
  { question_text: 'Cumple con el horario establecido.', type: 'yes_no', section: 'competency', weight: 1 },
  { question_text: 'Entregó la planificación a tiempo.', type: 'status_3', section: 'objective', weight: 1 },
  { question_text: 'Logro de los aprendizajes esperados.', type: 'rating', section: 'objective', weight: 2 },
  { question_text: 'Comentarios generales.', type: 'text', section: 'competency', weight: 0 },
];

export async function seedSchool(admin: Session, db: Kysely<Database>, size: SeedSize): Promise<School> {
  // Through the API: bank, V1 evaluations (an earlier one, closed, and the open round — a category
  // has one open evaluation, decision 026), an open 360 evaluation.
  const v1 = await createV1Structure(admin, { questions: 10, evaluations: 2 });
  const [historyEvaluationId, ...roundEvaluationIds] = v1.evaluationIds as [number, ...number[]];
  const v2 = await expectStatus<{ id: number }>(
    admin.post('/api/evaluations-v2', {
      name: uniqueName('Evaluación 360'),
      period: 'Q1-2026',
      weights: { weight_objectives: 40, weight_competencies: 60 },
      allow_self: false,
      save_as_template: false,
      // No status (SPEC.md's body): it opens with its items below (decision 046), before its raters
      // are inserted — a person's open would refuse a round nobody answers (decision 053).
    }),
    201,
    'create V2 evaluation',
  );
  const { items: v2Items } = await expectStatus<{ items: V2Item[] }>(
    admin.put(`/api/evaluations-v2/${v2.id}/items`, { items: V2_ITEMS }),
    200,
    'V2 items',
  );

  // In bulk, one transaction: people, assignments, the earlier evaluation's submissions.
  const password_hash = await hashPassword(PASSWORD);
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  return db.transaction().execute(async (trx) => {
    const person = async (role: string, i: number, category_id: number | null) => {
      const email = `${role}-${i}-${tag}@evalua.test`;
      const row = await insertUser(trx, {
        name: `${role === 'evaluador' ? 'Evaluador' : role === 'gestionhumana' ? 'Analista' : 'Docente'} ${i + 1}`,
        email,
        password_hash,
        role,
        position: role === 'colaborador' ? 'Docente' : null,
        department: role === 'colaborador' ? ['Matemáticas', 'Lengua', 'Ciencias'][i % 3]! : null,
        category_id,
        active: 1,
      });
      return { id: row.id, email };
    };
    const evaluators: Person[] = [];
    for (let i = 0; i < size.evaluators; i += 1) evaluators.push(await person('evaluador', i, null));
    const hr: Person[] = [];
    for (let i = 0; i < size.hr; i += 1) hr.push(await person('gestionhumana', i, null));
    const collaboratorIds: number[] = [];
    for (let i = 0; i < size.collaborators; i += 1)
      collaboratorIds.push((await person('colaborador', i, v1.categoryId)).id);

    // V1: each evaluator gets a run of collaborators; every round evaluation makes each pair a target.
    const perEvaluator = Math.min(
      size.collaborators,
      Math.ceil(size.v1Targets / (size.evaluators * roundEvaluationIds.length)),
    );
    const v1Assigned = new Map<number, number[]>();
    for (const [i, e] of evaluators.entries()) {
      const mine: number[] = [];
      for (let j = 0; j < perEvaluator; j += 1) {
        const c = collaboratorIds[(i * 7 + j) % collaboratorIds.length]!;
        await insertAssignment(trx, e.id, c);
        mine.push(c);
      }
      v1Assigned.set(e.id, mine);
    }
    // The earlier evaluation: each collaborator evaluated once, by one of the evaluators.
    for (const [i, c] of collaboratorIds.entries()) {
      const evaluatorId = evaluators[i % evaluators.length]!.id;
      const body = fullSubmitBody(v1, historyEvaluationId, c, evaluatorId, i);
      await insertSubmission(trx, {
        evaluation_id: historyEvaluationId,
        collaborator_id: c,
        evaluator_id: evaluatorId,
        ...v1Percentages(
          body.responses.map((r, k) => ({ question_type: v1.questions[k]!.question_type, score: r.score })),
          { weight_competencies: 60, weight_objectives: 40 },
        ),
        requires_training: body.training.requires_training,
        training_comments: body.training.comments,
        created_at: nowIso(),
        answers: body.responses,
      });
    }
    // V2: each evaluator rates a run of collaborators as a peer.
    const perRater = Math.min(size.collaborators, Math.ceil(size.v2Targets / size.evaluators));
    await insertPairs(
      trx,
      v2.id,
      evaluators.flatMap((e, i) =>
        Array.from({ length: perRater }, (_, j) => ({
          evaluator_id: e.id,
          evaluatee_id: collaboratorIds[(i * 11 + j) % collaboratorIds.length]!,
          relation: 'peer' as const,
        })),
      ),
    );
    return {
      v1,
      historyEvaluationId,
      roundEvaluationIds,
      v2EvaluationId: v2.id,
      v2Items,
      evaluators,
      hr,
      collaboratorIds,
      v1Assigned,
    };
  });
}

/** A V2 submit body answering every item. */
export function v2SubmitBody(items: readonly V2Item[], evaluationId: number, assignmentId: number) {
  return {
    evaluation_id: evaluationId,
    assignment_id: assignmentId,
    answers: items.map((item, i) => ({
      item_id: item.id,
      type: item.type,
      value:
        item.type === 'rating'
          ? item.scale_min + ((assignmentId + i) % (item.scale_max - item.scale_min + 1))
          : item.type === 'yes_no'
            ? assignmentId % 2 === 0
            : item.type === 'status_3'
              ? (['logrado', 'proceso', 'no_logrado'] as const)[assignmentId % 3]
              : 'Colabora con el equipo y comparte materiales.',
      skip: false,
      comment: null,
    })),
  };
}
