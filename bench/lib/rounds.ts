import type { QuestionType } from '@evalua/contracts';
import { expectStatus, mapLimit, type Session } from './http';

/** Prepares evaluation rounds through the real API, as HR would from the screens. */

export const PASSWORD = 'Clave-Segura-123';

export interface V1Structure {
  categoryId: number;
  bankId: number;
  questions: Array<{ id: number; question_type: QuestionType }>;
  evaluationIds: number[];
}

let seq = 0;
/** A name no other run of the same database uses. */
export function uniqueName(prefix: string): string {
  seq += 1;
  return `${prefix} ${process.pid}-${seq}-${Math.random().toString(36).slice(2, 7)}`;
}

/** A category, a bank of `questions` questions (competencies then objectives) and `evaluations` evaluations of it. */
export async function createV1Structure(
  admin: Session,
  opts: { questions: number; evaluations?: number; period?: string },
): Promise<V1Structure> {
  const category = await expectStatus<{ id: number }>(
    admin.post('/api/categories', { name: uniqueName('Docentes') }),
    201,
    'create category',
  );
  const bank = await expectStatus<{ id: number }>(
    admin.post('/api/question-banks', { name: uniqueName('Banco'), description: 'Banco de prueba' }),
    201,
    'create bank',
  );
  const questions: V1Structure['questions'] = [];
  for (let i = 0; i < opts.questions; i += 1) {
    const question_type: QuestionType = i < Math.ceil(opts.questions * 0.6) ? 'competency' : 'objective';
    const q = await expectStatus<{ id: number }>(
      admin.post(`/api/question-banks/${bank.id}/questions`, {
        question_text: `Pregunta ${i + 1}: demuestra dominio del área.`,
        question_type,
      }),
      201,
      'add question',
    );
    questions.push({ id: q.id, question_type });
  }
  const evaluationIds: number[] = [];
  for (let i = 0; i < (opts.evaluations ?? 1); i += 1) {
    const ev = await expectStatus<{ id: number }>(
      admin.post('/api/evaluations', {
        name: uniqueName(`Evaluación T${i + 1}`),
        period: opts.period ?? '2026',
        weight_competencies: 60,
        weight_objectives: 40,
        category_id: category.id,
        question_bank_id: bank.id,
        // No status (SPEC.md's body): each one opens at once, its bank being ready, and closes the one
        // before (decisions 026, 039) — before anyone is assigned, which a person's open would refuse
        // (decision 053). The last is the open round.
        replace_open: true,
      }),
      201,
      'create evaluation',
    );
    evaluationIds.push(ev.id);
  }
  return { categoryId: category.id, bankId: bank.id, questions, evaluationIds };
}

export interface V1Round extends V1Structure {
  evaluationId: number;
  evaluator: { id: number; email: string; password: string };
  collaboratorIds: number[];
}

/** A V1 round: structure, one evaluator and `collaborators` collaborators assigned to them — all through the API. */
export async function createV1Round(
  admin: Session,
  opts: { questions: number; collaborators: number },
): Promise<V1Round> {
  const structure = await createV1Structure(admin, { questions: opts.questions });
  const email = `${uniqueName('evaluador').replace(/\s+/g, '-').toLowerCase()}@evalua.test`;
  const evaluator = await expectStatus<{ id: number }>(
    admin.post('/api/evaluators', { name: 'Evaluadora de Prueba', email, password: PASSWORD }),
    201,
    'create evaluator',
  );
  const collaboratorIds = await mapLimit(
    Array.from({ length: opts.collaborators }, (_, i) => i),
    4,
    async (i) => {
      const c = await expectStatus<{ id: number }>(
        admin.post('/api/collaborators', {
          name: `Colaborador ${i + 1}`,
          position: 'Docente',
          department: 'Matemáticas',
          category_id: structure.categoryId,
        }),
        201,
        'create collaborator',
      );
      await expectStatus(
        admin.post('/api/assignments', { evaluator_id: evaluator.id, collaborator_id: c.id }),
        201,
        'assign',
      );
      return c.id;
    },
  );
  return {
    ...structure,
    evaluationId: structure.evaluationIds[0]!,
    evaluator: { id: evaluator.id, email, password: PASSWORD },
    collaboratorIds,
  };
}

/** A full-submit body answering every question of the bank (scores 1-4 drawn from `seed`). */
export function fullSubmitBody(
  s: Pick<V1Structure, 'questions'>,
  evaluationId: number,
  collaboratorId: number,
  evaluatorId: number,
  seed = collaboratorId,
) {
  return {
    evaluation_id: evaluationId,
    user_id: collaboratorId,
    evaluator_id: evaluatorId,
    responses: s.questions.map((q, i) => ({ question_id: q.id, score: ((seed + i) % 4) + 1 })),
    training: { requires_training: seed % 3 === 0, comments: 'Buen desempeño en el aula.' },
  };
}

/** Logs `email` in on a session (must answer 200). */
export async function logIn(session: Session, email: string, password: string): Promise<number> {
  const res = await expectStatus<{ user: { id: number } }>(
    session.login(email, password),
    200,
    `login ${email}`,
  );
  return res.user.id;
}
