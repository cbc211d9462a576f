import {
  AUDIT_MESSAGES,
  assignmentEndpoints,
  auditEndpoints,
  categoryEndpoints,
  collaboratorEndpoints,
  evaluationEndpoints,
  evaluatorEndpoints,
  fullEvaluationEndpoints,
  questionBankEndpoints,
  setupEndpoints,
  userEndpoints,
  v2EvaluationEndpoints,
  v2SnapshotEndpoints,
  v2TemplateEndpoints,
  type AuditRow,
} from '@evalua/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAllForbidden } from '../../../test/access';
import type { TestClient } from '../../../test/client';
import { describeEngines, type TestContext } from '../../../test/context';
import { DEFAULT_PASSWORD, createUser, loginAs, unique } from '../../../test/factories';
import { createV1Evaluation, evaluatorWithCollaborator, submitBody } from '../../../test/v1';
import { V2_WEIGHTS, createOpenV2, createV2Draft, putV2Items } from '../../../test/v2';
import { sha256 } from '../../auth/tokens';
import { enqueueMail, mailSettings } from '../mail/service';
import { bootstrap } from '../setup/service';
import { answerOf } from '../../../test/answer';

/** One audit entry a call must leave; before/after are matched as subsets (null: must be null). */
interface Expected {
  action: string;
  entity: string;
  entity_id: number | unknown;
  user: number;
  before?: Record<string, unknown> | unknown[] | null;
  after?: Record<string, unknown> | unknown[] | null;
}

interface Outcome {
  res: LightMyRequestResponse;
  status: number;
  entries: Expected[];
}

interface Env {
  ctx: TestContext;
  admin: TestClient;
  adminId: number;
  hr: TestClient;
  hrId: number;
  /** Everything written to the log before this call is not the case's business. */
  mark(): Promise<void>;
}

interface Case {
  route: string;
  run(env: Env): Promise<Outcome>;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** "PUT /api/x/:id" and "PUT /api/x/:id|:other" alike become "PUT /api/x/:p". */
function routeKey(route: string): string {
  return route.replace(/:[\w|:]+/g, ':p');
}

/** Every POST/PUT/PATCH/DELETE route under /api, read from Fastify's route tree. */
function mutatingRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + (m[2] ?? '');
    stack[depth] = path;
    if (!path.startsWith('/api')) continue;
    for (const method of (m[3] ?? '').split(', ')) {
      if (MUTATING.has(method)) found.push(routeKey(`${method} ${path}`));
    }
  }
  return found;
}

async function maxAuditId(ctx: TestContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

async function entriesAfter(ctx: TestContext, id: number) {
  return ctx.db.selectFrom('audit_log').selectAll().where('id', '>', id).orderBy('id').execute();
}

async function insertCategory(ctx: TestContext, name = unique('Categoría')) {
  return ctx.db
    .insertInto('categories')
    .values({ name, name_key: name.toLowerCase() })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

async function insertBank(ctx: TestContext) {
  return ctx.db
    .insertInto('question_banks')
    .values({ name: unique('Banco'), description: null })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

async function insertQuestion(ctx: TestContext, bankId: number) {
  return ctx.db
    .insertInto('questions')
    .values({
      bank_id: bankId,
      question_text: 'Pregunta original',
      question_type: 'competency',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const v2Body = (extra: Record<string, unknown> = {}) => ({
  name: unique('Evaluación 360'),
  period: '2026',
  weights: V2_WEIGHTS,
  allow_self: true,
  ...extra,
});

/** A representative call for every mutating route (setup and the first login have their own test). */
const CASES: Case[] = [
  // Sessions and profile
  {
    route: 'POST /api/users/login',
    async run({ ctx, mark }) {
      const user = await createUser(ctx);
      await mark();
      const res = await ctx.client().login(user.email, DEFAULT_PASSWORD);
      return {
        res,
        status: 200,
        entries: [
          { action: 'login', entity: 'user', entity_id: user.id, user: user.id, before: null, after: null },
        ],
      };
    },
  },
  ...(['POST /api/users/logout', 'POST /api/logout'] as const).map((route): Case => ({
    route,
    async run({ ctx, mark }) {
      const { user, client } = await loginAs(ctx, 'colaborador');
      await mark();
      const res = await client.post(route.slice('POST '.length));
      return {
        res,
        status: 204,
        entries: [{ action: 'logout', entity: 'user', entity_id: user.id, user: user.id }],
      };
    },
  })),
  // Staff import: the preview writes nothing; applying audits each user it creates.
  {
    route: 'POST /api/users/import/preview',
    async run({ ctx, mark }) {
      const { client } = await loginAs(ctx, 'gestionhumana');
      await mark();
      const csv = `nombre;correo;rol\nVista Previa;${unique('vista')}@prueba.do;colaborador\n`;
      const res = await client.post('/api/users/import/preview', { csv });
      return { res, status: 200, entries: [] };
    },
  },
  {
    route: 'POST /api/users/import/apply',
    async run({ ctx, mark }) {
      const { user, client } = await loginAs(ctx, 'gestionhumana');
      await mark();
      const email = `${unique('importado')}@prueba.do`;
      const res = await client.post('/api/users/import/apply', {
        csv: `nombre;correo;rol\nPersona Importada;${email};colaborador\n`,
      });
      const created = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'create',
            entity: 'user',
            entity_id: created.id,
            user: user.id,
            before: null,
            after: expect.objectContaining({ email, name: 'Persona Importada', role: 'colaborador' }),
          },
          // Created without a password: an access link is mailed (decision 033).
          { action: 'access_link', entity: 'user', entity_id: created.id, user: user.id, after: { email } },
        ],
      };
    },
  },
  {
    route: 'POST /api/profile/change-password',
    async run({ ctx, mark }) {
      const { user, client } = await loginAs(ctx, 'evaluador');
      await mark();
      const res = await client.post('/api/profile/change-password', {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'Otra-Clave-Segura-456',
      });
      return {
        res,
        status: 204,
        entries: [
          {
            action: 'password_change',
            entity: 'user',
            entity_id: user.id,
            user: user.id,
            before: null,
            after: null,
          },
        ],
      };
    },
  },
  // Access links and resets (decision 033)
  {
    route: 'POST /api/users/:id/access-link',
    async run({ ctx, hr, hrId, mark }) {
      const person = await createUser(ctx, { password: null });
      await mark();
      const res = await hr.post(`/api/users/${person.id}/access-link`);
      return {
        res,
        status: 202,
        entries: [
          {
            action: 'access_link',
            entity: 'user',
            entity_id: person.id,
            user: hrId,
            after: { email: person.email },
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/users/:id/confirm-email',
    async run({ ctx, admin, adminId, mark }) {
      const person = await createUser(ctx);
      await mark();
      const res = await admin.post(`/api/users/${person.id}/confirm-email`, { email: person.email });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'confirm_email',
            entity: 'user',
            entity_id: person.id,
            user: adminId,
            before: { email: person.email, email_confirmed: false },
            after: { email: person.email, email_confirmed: true, answers_now_counting: 0 },
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/auth/forgot-password',
    async run({ ctx, mark }) {
      const person = await createUser(ctx);
      await mark();
      const res = await ctx.client().post('/api/auth/forgot-password', { email: person.email });
      return {
        res,
        status: 202,
        entries: [
          { action: 'reset_link', entity: 'user', entity_id: person.id, user: person.id, after: null },
        ],
      };
    },
  },
  ...(
    [
      ['POST /api/auth/reset-password', 'reset', 'password_reset'],
      ['POST /api/auth/activate', 'access', 'account_activation'],
    ] as const
  ).map(([route, purpose, action]): Case => ({
    route,
    async run({ ctx, mark }) {
      const person = await createUser(ctx, { password: null });
      const token = unique('enlace');
      await ctx.db
        .insertInto('user_tokens')
        .values({
          user_id: person.id,
          purpose,
          token_hash: sha256(token),
          expires_at: new Date(Date.now() + 60_000).toISOString(),
          created_at: new Date().toISOString(),
        })
        .execute();
      await mark();
      const res = await ctx
        .client()
        .post(route.slice('POST '.length), { token, newPassword: 'Otra-Clave-Segura-456' });
      return {
        res,
        status: 204,
        entries: [
          { action, entity: 'user', entity_id: person.id, user: person.id, before: null, after: null },
        ],
      };
    },
  })),
  // Categories
  {
    route: 'POST /api/categories',
    async run({ admin, adminId, mark }) {
      await mark();
      const name = unique('Categoría');
      const res = await admin.post('/api/categories', { name });
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'category',
            entity_id: answerOf(categoryEndpoints.create, res).id,
            user: adminId,
            before: null,
            after: { name },
          },
        ],
      };
    },
  },
  {
    route: 'PUT /api/categories/:id',
    async run({ ctx, admin, adminId, mark }) {
      const cat = await insertCategory(ctx);
      await mark();
      const name = unique('Renombrada');
      const res = await admin.put(`/api/categories/${cat.id}`, { name });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'update',
            entity: 'category',
            entity_id: cat.id,
            user: adminId,
            before: { name: cat.name },
            after: { name },
          },
        ],
      };
    },
  },
  {
    route: 'DELETE /api/categories/:id',
    async run({ ctx, hr, hrId, mark }) {
      const cat = await insertCategory(ctx);
      await mark();
      const res = await hr.delete(`/api/categories/${cat.id}`);
      return {
        res,
        status: 204,
        entries: [
          {
            action: 'delete',
            entity: 'category',
            entity_id: cat.id,
            user: hrId,
            before: { name: cat.name },
            after: null,
          },
        ],
      };
    },
  },
  // Users
  {
    route: 'POST /api/users',
    async run({ admin, adminId, mark }) {
      await mark();
      const email = `${unique('nuevo')}@prueba.do`;
      const res = await admin.post('/api/users', {
        name: 'Nueva Usuaria',
        email,
        role: 'gestionhumana',
        position: 'Analista',
        department: null,
        category_id: null,
        password: 'Clave-Inicial-789',
      });
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'user',
            entity_id: answerOf(userEndpoints.create, res).id,
            user: adminId,
            before: null,
            after: { email, role: 'gestionhumana' },
          },
        ],
      };
    },
  },
  {
    route: 'PUT /api/users/:id',
    async run({ ctx, admin, adminId, mark }) {
      const user = await createUser(ctx, { name: 'Nombre Anterior', role: 'evaluador' });
      await mark();
      const res = await admin.put(`/api/users/${user.id}`, {
        name: 'Nombre Nuevo',
        email: user.email,
        role: 'evaluador',
        position: null,
        department: null,
        category_id: null,
        password: 'Clave-Cambiada-123',
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'update_with_password',
            entity: 'user',
            entity_id: user.id,
            user: adminId,
            before: { name: 'Nombre Anterior' },
            after: { name: 'Nombre Nuevo' },
          },
        ],
      };
    },
  },
  {
    route: 'PATCH /api/users/:id/status',
    async run({ ctx, hr, hrId, mark }) {
      const user = await createUser(ctx);
      await mark();
      const res = await hr.patch(`/api/users/${user.id}/status`, { status: false });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'deactivate',
            entity: 'user',
            entity_id: user.id,
            user: hrId,
            before: { status: true },
            after: { status: false },
          },
        ],
      };
    },
  },
  // Evaluators and collaborators
  {
    route: 'POST /api/evaluators',
    async run({ hr, hrId, mark }) {
      await mark();
      const email = `${unique('evaluador')}@prueba.do`;
      const res = await hr.post('/api/evaluators', {
        name: 'Evaluador Nuevo',
        email,
        password: 'Clave-Eval-123',
      });
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'user',
            entity_id: answerOf(evaluatorEndpoints.create, res).id,
            user: hrId,
            after: { email, role: 'evaluador' },
          },
        ],
      };
    },
  },
  {
    route: 'PUT /api/evaluators/:id',
    async run({ ctx, hr, hrId, mark }) {
      const user = await createUser(ctx, { role: 'evaluador', name: 'Evaluador Antes' });
      await mark();
      const res = await hr.put(`/api/evaluators/${user.id}`, {
        name: 'Evaluador Después',
        email: user.email,
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'update',
            entity: 'user',
            entity_id: user.id,
            user: hrId,
            before: { name: 'Evaluador Antes' },
            after: { name: 'Evaluador Después' },
          },
        ],
      };
    },
  },
  {
    route: 'DELETE /api/evaluators/:id',
    async run({ ctx, hr, hrId, mark }) {
      const user = await createUser(ctx, { role: 'evaluador' });
      await mark();
      const res = await hr.delete(`/api/evaluators/${user.id}`);
      return {
        res,
        status: 204,
        entries: [
          { action: 'deactivate', entity: 'user', entity_id: user.id, user: hrId, after: { status: false } },
        ],
      };
    },
  },
  {
    route: 'POST /api/collaborators',
    async run({ ctx, hr, hrId, mark }) {
      const cat = await insertCategory(ctx);
      await mark();
      const res = await hr.post('/api/collaborators', {
        name: 'Colaboradora Nueva',
        position: 'Docente',
        department: 'Primaria',
        email: null,
        category_id: cat.id,
      });
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'user',
            entity_id: answerOf(collaboratorEndpoints.create, res).id,
            user: hrId,
            after: { name: 'Colaboradora Nueva', category_id: cat.id },
          },
        ],
      };
    },
  },
  {
    route: 'PUT /api/collaborators/:id',
    async run({ ctx, hr, hrId, mark }) {
      const cat = await insertCategory(ctx);
      const user = await createUser(ctx, { position: 'Docente', category_id: cat.id });
      await mark();
      const res = await hr.put(`/api/collaborators/${user.id}`, {
        name: user.name,
        position: 'Coordinadora',
        department: null,
        email: user.email,
        category_id: cat.id,
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'update',
            entity: 'user',
            entity_id: user.id,
            user: hrId,
            before: { position: 'Docente' },
            after: { position: 'Coordinadora' },
          },
        ],
      };
    },
  },
  {
    route: 'DELETE /api/collaborators/:id',
    async run({ ctx, admin, adminId, mark }) {
      const user = await createUser(ctx);
      await mark();
      const res = await admin.delete(`/api/collaborators/${user.id}`);
      return {
        res,
        status: 204,
        entries: [{ action: 'deactivate', entity: 'user', entity_id: user.id, user: adminId }],
      };
    },
  },
  // Question banks and their questions
  {
    route: 'POST /api/question-banks',
    async run({ hr, hrId, mark }) {
      await mark();
      const name = unique('Banco');
      const res = await hr.post('/api/question-banks', { name, description: 'Preguntas de prueba' });
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'question_bank',
            entity_id: answerOf(questionBankEndpoints.create, res).id,
            user: hrId,
            after: { name },
          },
        ],
      };
    },
  },
  {
    route: 'PUT /api/question-banks/:id',
    async run({ ctx, hr, hrId, mark }) {
      const bank = await insertBank(ctx);
      await mark();
      const name = unique('Banco renombrado');
      const res = await hr.put(`/api/question-banks/${bank.id}`, { name, description: null });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'update',
            entity: 'question_bank',
            entity_id: bank.id,
            user: hrId,
            before: { name: bank.name },
            after: { name },
          },
        ],
      };
    },
  },
  {
    route: 'DELETE /api/question-banks/:id',
    async run({ ctx, admin, adminId, mark }) {
      const bank = await insertBank(ctx);
      await mark();
      const res = await admin.delete(`/api/question-banks/${bank.id}`);
      return {
        res,
        status: 204,
        entries: [
          {
            action: 'delete',
            entity: 'question_bank',
            entity_id: bank.id,
            user: adminId,
            before: { name: bank.name },
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/question-banks/:id/questions',
    async run({ ctx, hr, hrId, mark }) {
      const bank = await insertBank(ctx);
      await mark();
      const res = await hr.post(`/api/question-banks/${bank.id}/questions`, {
        question_text: '¿Planifica sus clases?',
        question_type: 'objective',
      });
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'question',
            entity_id: answerOf(questionBankEndpoints.addQuestion, res).id,
            user: hrId,
            after: { bank_id: bank.id, question_type: 'objective' },
          },
        ],
      };
    },
  },
  {
    route: 'PUT /api/question-banks/:id/questions/:qid',
    async run({ ctx, hr, hrId, mark }) {
      const bank = await insertBank(ctx);
      const q = await insertQuestion(ctx, bank.id);
      await mark();
      const res = await hr.put(`/api/question-banks/${bank.id}/questions/${q.id}`, {
        question_text: 'Pregunta corregida',
        question_type: 'competency',
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'update',
            entity: 'question',
            entity_id: q.id,
            user: hrId,
            before: { question_text: 'Pregunta original' },
            after: { question_text: 'Pregunta corregida' },
          },
        ],
      };
    },
  },
  {
    route: 'DELETE /api/question-banks/:id/questions/:qid',
    async run({ ctx, hr, hrId, mark }) {
      const bank = await insertBank(ctx);
      const q = await insertQuestion(ctx, bank.id);
      await mark();
      const res = await hr.delete(`/api/question-banks/${bank.id}/questions/${q.id}`);
      return {
        res,
        status: 204,
        entries: [{ action: 'delete', entity: 'question', entity_id: q.id, user: hrId, after: null }],
      };
    },
  },
  // V1 evaluations, assignments and submissions
  {
    route: 'POST /api/evaluations',
    async run({ ctx, admin, adminId, mark }) {
      const cat = await insertCategory(ctx);
      const bank = await insertBank(ctx);
      await mark();
      const res = await admin.post('/api/evaluations', {
        name: 'Evaluación anual',
        period: '2026',
        weight_objectives: 40,
        weight_competencies: 60,
        category_id: cat.id,
        question_bank_id: bank.id,
      });
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'evaluation',
            entity_id: answerOf(evaluationEndpoints.create, res).id,
            user: adminId,
            after: { category_id: cat.id, question_bank_id: bank.id },
          },
        ],
      };
    },
  },
  {
    route: 'PUT /api/evaluations/:id',
    async run({ ctx, hr, hrId, mark }) {
      const setup = await createV1Evaluation(ctx, ['competency']);
      await mark();
      const res = await hr.put(`/api/evaluations/${setup.evaluationId}`, {
        name: 'Nombre corregido',
        period: '2027',
        weight_objectives: 40,
        weight_competencies: 60,
        category_id: setup.categoryId,
        question_bank_id: setup.bankId,
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'update',
            entity: 'evaluation',
            entity_id: setup.evaluationId,
            user: hrId,
            before: { period: '2026' },
            after: { name: 'Nombre corregido', period: '2027' },
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/evaluations/:id/open',
    async run({ ctx, hr, hrId, mark }) {
      const open = await createV1Evaluation(ctx, ['competency']);
      const draft = await createV1Evaluation(ctx, [], undefined, {
        categoryId: open.categoryId,
        bankId: open.bankId,
        status: 'borrador',
      });
      await mark();
      const res = await hr.post(`/api/evaluations/${draft.evaluationId}/open`, { replace_open: true });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'update',
            entity: 'evaluation',
            entity_id: open.evaluationId,
            user: hrId,
            before: { status: 'abierta' },
            after: { status: 'cerrada' },
          },
          {
            action: 'update',
            entity: 'evaluation',
            entity_id: draft.evaluationId,
            user: hrId,
            before: { status: 'borrador' },
            after: { status: 'abierta' },
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/evaluations/:id/close',
    async run({ ctx, admin, adminId, mark }) {
      const setup = await createV1Evaluation(ctx, ['competency']);
      await mark();
      const res = await admin.post(`/api/evaluations/${setup.evaluationId}/close`);
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'update',
            entity: 'evaluation',
            entity_id: setup.evaluationId,
            user: adminId,
            before: { status: 'abierta' },
            after: { status: 'cerrada' },
          },
        ],
      };
    },
  },
  {
    route: 'DELETE /api/evaluations/:id',
    async run({ ctx, admin, adminId, mark }) {
      const setup = await createV1Evaluation(ctx, ['competency']);
      await mark();
      const res = await admin.delete(`/api/evaluations/${setup.evaluationId}`);
      return {
        res,
        status: 204,
        entries: [{ action: 'delete', entity: 'evaluation', entity_id: setup.evaluationId, user: adminId }],
      };
    },
  },
  {
    route: 'POST /api/assignments',
    async run({ ctx, hr, hrId, mark }) {
      const evaluator = await createUser(ctx, { role: 'evaluador' });
      const collaborator = await createUser(ctx);
      await mark();
      const body = { evaluator_id: evaluator.id, collaborator_id: collaborator.id };
      const res = await hr.post('/api/assignments', body);
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'assignment',
            entity_id: answerOf(assignmentEndpoints.create, res).id,
            user: hrId,
            after: body,
          },
        ],
      };
    },
  },
  {
    route: 'DELETE /api/assignments/:id',
    async run({ ctx, hr, hrId, mark }) {
      const evaluator = await createUser(ctx, { role: 'evaluador' });
      const collaborator = await createUser(ctx);
      const created = await hr.post('/api/assignments', {
        evaluator_id: evaluator.id,
        collaborator_id: collaborator.id,
      });
      await mark();
      const res = await hr.delete(`/api/assignments/${answerOf(assignmentEndpoints.create, created).id}`);
      return {
        res,
        status: 204,
        entries: [
          {
            action: 'delete',
            entity: 'assignment',
            entity_id: answerOf(assignmentEndpoints.create, created).id,
            user: hrId,
            before: { evaluator_id: evaluator.id, collaborator_id: collaborator.id },
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/full-evaluation/full-submit',
    async run({ ctx, mark }) {
      const setup = await createV1Evaluation(ctx, ['competency', 'objective']);
      const { evaluator, client, collaborator } = await evaluatorWithCollaborator(ctx, setup);
      await mark();
      const res = await client.post(
        '/api/full-evaluation/full-submit',
        submitBody(setup, collaborator.id, evaluator.id, [3, 4]),
      );
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'v1_submission',
            entity_id: answerOf(fullEvaluationEndpoints.submit, res).id,
            user: evaluator.id,
            after: { evaluation_id: setup.evaluationId, collaborator_id: collaborator.id },
          },
        ],
      };
    },
  },
  // 360 evaluations, items, templates, assignments, answers and snapshots
  {
    route: 'POST /api/evaluations-v2',
    async run({ admin, adminId, mark }) {
      await mark();
      const body = v2Body({ save_as_template: true });
      const res = await admin.post('/api/evaluations-v2', body);
      const created = answerOf(v2EvaluationEndpoints.create, res);
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'v2_template',
            entity_id: created.template_id,
            user: adminId,
            after: { name: body.name, source_evaluation_id: created.id },
          },
          {
            action: 'create',
            entity: 'v2_evaluation',
            entity_id: created.id,
            user: adminId,
            after: { name: body.name },
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/evaluations-v2/from-template',
    async run({ ctx, hr, hrId, mark }) {
      const template = await ctx.db
        .selectFrom('v2_templates')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await mark();
      const res = await hr.post('/api/evaluations-v2/from-template', v2Body({ template_id: template.id }));
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'v2_evaluation',
            entity_id: answerOf(v2EvaluationEndpoints.createFromTemplate, res).id,
            user: hrId,
            after: { from_template_id: template.id },
          },
        ],
      };
    },
  },
  {
    route: 'PATCH /api/evaluations-v2/:id',
    async run({ admin, adminId, mark }) {
      const draft = await createV2Draft(admin);
      await putV2Items(admin, draft.id, [{ question_text: 'Se comunica con claridad.', type: 'rating' }]);
      await mark();
      const res = await admin.patch(`/api/evaluations-v2/${draft.id}`, { status: 'open' });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'status_open',
            entity: 'v2_evaluation',
            entity_id: draft.id,
            user: adminId,
            before: { status: 'draft' },
            after: { status: 'open' },
          },
        ],
      };
    },
  },
  {
    route: 'DELETE /api/evaluations-v2/:id',
    async run({ hr, hrId, mark }) {
      const draft = await createV2Draft(hr);
      await mark();
      const res = await hr.delete(`/api/evaluations-v2/${draft.id}`);
      return {
        res,
        status: 204,
        entries: [
          {
            action: 'delete',
            entity: 'v2_evaluation',
            entity_id: draft.id,
            user: hrId,
            before: { name: draft.name },
          },
        ],
      };
    },
  },
  {
    route: 'PUT /api/evaluations-v2/:id/items',
    async run({ admin, adminId, mark }) {
      const draft = await createV2Draft(admin);
      await mark();
      const res = await admin.put(`/api/evaluations-v2/${draft.id}/items`, {
        items: [{ question_text: 'Cumple sus compromisos.', type: 'yes_no' }],
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'update_items',
            entity: 'v2_evaluation',
            entity_id: draft.id,
            user: adminId,
            before: [],
            after: [expect.objectContaining({ question_text: 'Cumple sus compromisos.' })],
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/evaluations-v2/:evaluationId/assignments/evaluatee/:userId',
    async run({ ctx, hr, hrId, mark }) {
      const draft = await createV2Draft(hr);
      const evaluatee = await createUser(ctx);
      const rater = await createUser(ctx);
      await mark();
      const res = await hr.post(`/api/evaluations-v2/${draft.id}/assignments/evaluatee/${evaluatee.id}`, {
        add: [rater.id],
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'assign_evaluatee',
            entity: 'v2_evaluation',
            entity_id: draft.id,
            user: hrId,
            before: { evaluatee_id: evaluatee.id, removed: [] },
            after: { evaluatee_id: evaluatee.id },
          },
        ],
      };
    },
  },
  // The outbox (decision 033): a message put back in the queue.
  {
    route: 'POST /api/outbox/:id/resend',
    async run({ ctx, hr, hrId, mark }) {
      const [id] = await enqueueMail(ctx.db, mailSettings(ctx.config), {
        kind: 'reminder',
        to: { email: 'reenvio@prueba.do', name: null, userId: null },
        content: { subject: 'Reenviar', greeting: 'Hola:', paragraphs: [] },
      });
      await ctx.db.updateTable('outbox').set({ status: 'fallido' }).where('id', '=', id!).execute();
      await mark();
      const res = await hr.post(`/api/outbox/${id}/resend`);
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'resend',
            entity: 'outbox',
            entity_id: id!,
            user: hrId,
            before: { status: 'fallido', to: 'reenvio@prueba.do', subject: 'Reenviar' },
            after: null,
          },
        ],
      };
    },
  },
  // Reminders (decision 033): one entry per send, with the people reached.
  {
    route: 'POST /api/evaluations/:id/reminders',
    async run({ ctx, hr, hrId, mark }) {
      const setup = await createV1Evaluation(ctx, ['competency']);
      const { evaluator } = await evaluatorWithCollaborator(ctx, setup);
      await mark();
      const res = await hr.post(`/api/evaluations/${setup.evaluationId}/reminders`);
      return {
        res,
        status: 202,
        entries: [
          {
            action: 'remind',
            entity: 'evaluation',
            entity_id: setup.evaluationId,
            user: hrId,
            after: { recipients: 1, user_ids: [evaluator.id] },
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/evaluations-v2/:id/reminders',
    async run({ ctx, admin, adminId, mark }) {
      const evaluation = await createOpenV2(admin);
      const evaluatee = await createUser(ctx);
      const rater = await createUser(ctx);
      const assigned = await admin.post('/api/assignments-v2/bulk', {
        evaluation_id: evaluation.id,
        assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      await mark();
      const res = await admin.post(`/api/evaluations-v2/${evaluation.id}/reminders`);
      return {
        res,
        status: 202,
        entries: [
          {
            action: 'remind',
            entity: 'v2_evaluation',
            entity_id: evaluation.id,
            user: adminId,
            after: { recipients: 1, user_ids: [rater.id] },
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/assignments-v2/bulk',
    async run({ ctx, admin, adminId, mark }) {
      const draft = await createV2Draft(admin);
      const evaluatee = await createUser(ctx);
      const rater = await createUser(ctx);
      await mark();
      const res = await admin.post('/api/assignments-v2/bulk', {
        evaluation_id: draft.id,
        assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'manager' }],
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'assign_bulk',
            entity: 'v2_evaluation',
            entity_id: draft.id,
            user: adminId,
            after: { requested: 1, inserted_count: 1 },
          },
        ],
      };
    },
  },
  // 'Reporta a' and nominations (decision 036).
  {
    route: 'POST /api/evaluations-v2/:evaluationId/assignments/managers',
    async run({ ctx, admin, adminId, mark }) {
      const draft = await createV2Draft(admin);
      const evaluatee = await createUser(ctx);
      const peer = await createUser(ctx);
      const boss = await createUser(ctx);
      await ctx.db.updateTable('users').set({ manager_id: boss.id }).where('id', '=', evaluatee.id).execute();
      await admin.post('/api/assignments-v2/bulk', {
        evaluation_id: draft.id,
        assignments: [{ evaluator_id: peer.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
      });
      await mark();
      const res = await admin.post(`/api/evaluations-v2/${draft.id}/assignments/managers`);
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'assign_managers',
            entity: 'v2_evaluation',
            entity_id: draft.id,
            user: adminId,
            after: { inserted_count: 1 },
          },
        ],
      };
    },
  },
  // Choosing raters without ids (decision 035): the lookup reads, a relation change is audited.
  {
    route: 'POST /api/users/lookup',
    async run({ ctx, hr, mark }) {
      const person = await createUser(ctx);
      await mark();
      const res = await hr.post('/api/users/lookup', { ids: [person.id] });
      return { res, status: 200, entries: [] };
    },
  },
  {
    route: 'PATCH /api/assignments-v2/:id',
    async run({ ctx, hr, hrId, mark }) {
      const draft = await createV2Draft(hr);
      const person = await createUser(ctx);
      const rater = await createUser(ctx);
      const bulk = await hr.post('/api/assignments-v2/bulk', {
        evaluation_id: draft.id,
        assignments: [{ evaluator_id: rater.id, evaluatee_id: person.id, relation: 'peer' }],
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      const assignment = await ctx.db
        .selectFrom('v2_assignments')
        .select('id')
        .where('evaluation_id', '=', draft.id)
        .executeTakeFirstOrThrow();
      await mark();
      const res = await hr.patch(`/api/assignments-v2/${assignment.id}`, { relation: 'manager' });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'assign_relation',
            entity: 'v2_evaluation',
            entity_id: draft.id,
            user: hrId,
            before: { assignment_id: assignment.id, relation: 'peer' },
            after: { assignment_id: assignment.id, relation: 'manager' },
          },
        ],
      };
    },
  },
  // Releasing 360 results (decision 038).
  {
    route: 'PUT /api/evaluations-v2/:id/release',
    async run({ hr, hrId, mark }) {
      const draft = await createV2Draft(hr);
      await mark();
      const res = await hr.put(`/api/evaluations-v2/${draft.id}/release`, {
        evaluatee: true,
        manager: false,
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'release',
            entity: 'v2_evaluation',
            entity_id: draft.id,
            user: hrId,
            before: { evaluatee: false, manager: false },
            after: { evaluatee: true, manager: false },
          },
        ],
      };
    },
  },
  {
    route: 'PUT /api/evaluations-v2/:id/release/:userId',
    async run({ ctx, hr, hrId, mark }) {
      const draft = await createV2Draft(hr);
      const person = await createUser(ctx);
      const rater = await createUser(ctx);
      const bulk = await hr.post('/api/assignments-v2/bulk', {
        evaluation_id: draft.id,
        assignments: [{ evaluator_id: rater.id, evaluatee_id: person.id, relation: 'peer' }],
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      await mark();
      const res = await hr.put(`/api/evaluations-v2/${draft.id}/release/${person.id}`, {
        evaluatee: null,
        manager: true,
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'release',
            entity: 'v2_evaluation',
            entity_id: draft.id,
            user: hrId,
            before: { user_id: person.id, evaluatee: null, manager: null },
            after: { user_id: person.id, evaluatee: null, manager: true },
          },
        ],
      };
    },
  },
  {
    route: 'PUT /api/evaluations-v2/:evaluationId/nominations',
    async run({ hr, hrId, mark }) {
      const draft = await createV2Draft(hr);
      await mark();
      const res = await hr.put(`/api/evaluations-v2/${draft.id}/nominations`, {
        enabled: true,
        min: 1,
        max: 3,
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'nominations_settings',
            entity: 'v2_evaluation',
            entity_id: draft.id,
            user: hrId,
            before: { enabled: false },
            after: { enabled: true, min: 1, max: 3 },
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/evaluations-v2/:evaluationId/nominations/participants',
    async run({ ctx, hr, hrId, mark }) {
      const draft = await createV2Draft(hr);
      await hr.put(`/api/evaluations-v2/${draft.id}/nominations`, { enabled: true, min: 1, max: 3 });
      const person = await createUser(ctx);
      await mark();
      const res = await hr.post(`/api/evaluations-v2/${draft.id}/nominations/participants`, {
        user_ids: [person.id],
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'nominations_participants',
            entity: 'v2_evaluation',
            entity_id: draft.id,
            user: hrId,
            after: { added: 1, user_ids: [person.id] },
          },
        ],
      };
    },
  },
  {
    route: 'DELETE /api/evaluations-v2/:evaluationId/nominations/participants/:userId',
    async run({ ctx, hr, hrId, mark }) {
      const draft = await createV2Draft(hr);
      await hr.put(`/api/evaluations-v2/${draft.id}/nominations`, { enabled: true, min: 1, max: 3 });
      const person = await createUser(ctx);
      const added = await hr.post(`/api/evaluations-v2/${draft.id}/nominations/participants`, {
        user_ids: [person.id],
      });
      const nominationId = added.json<{ participants: Array<{ nomination_id: number }> }>().participants[0]!
        .nomination_id;
      await mark();
      const res = await hr.delete(`/api/evaluations-v2/${draft.id}/nominations/participants/${person.id}`);
      return {
        res,
        status: 204,
        entries: [
          {
            action: 'nominations_participants',
            entity: 'v2_nomination',
            entity_id: nominationId,
            user: hrId,
            before: { evaluatee_id: person.id, status: 'borrador' },
            after: null,
          },
        ],
      };
    },
  },
  ...(['PUT /api/nominations/:id', 'POST /api/nominations/:id/approve'] as const).map((route): Case => ({
    route,
    async run({ ctx, hr, hrId, mark }) {
      const draft = await createV2Draft(hr);
      await hr.put(`/api/evaluations-v2/${draft.id}/nominations`, { enabled: true, min: 1, max: 3 });
      const { user: person, client } = await loginAs(ctx, 'colaborador');
      const peer = await createUser(ctx);
      const added = await hr.post(`/api/evaluations-v2/${draft.id}/nominations/participants`, {
        user_ids: [person.id],
      });
      const id = added.json<{ participants: Array<{ nomination_id: number }> }>().participants[0]!
        .nomination_id;
      const nominees = [{ nominee_id: peer.id, relation: 'peer' }];
      if (route === 'PUT /api/nominations/:id') {
        await mark();
        const res = await client.put(`/api/nominations/${id}`, { nominees, submit: true });
        return {
          res,
          status: 200,
          entries: [
            {
              action: 'nomination_submit',
              entity: 'v2_nomination',
              entity_id: id,
              user: person.id,
              before: { status: 'borrador', nominees: [] },
              after: { status: 'enviada', nominees },
            },
          ],
        };
      }
      await client.put(`/api/nominations/${id}`, { nominees, submit: true });
      await mark();
      const res = await hr.post(`/api/nominations/${id}/approve`, {});
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'nomination_approve',
            entity: 'v2_nomination',
            entity_id: id,
            user: hrId,
            before: { status: 'enviada' },
            after: { status: 'aprobada', nominees, created_count: 1 },
          },
        ],
      };
    },
  })),
  {
    route: 'POST /api/responses-v2/submit',
    async run({ ctx, admin, mark }) {
      const evaluation = await createOpenV2(admin);
      const evaluatee = await createUser(ctx);
      const { user: rater, client } = await loginAs(ctx, 'colaborador');
      await admin.post('/api/assignments-v2/bulk', {
        evaluation_id: evaluation.id,
        assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
      });
      const assignment = await ctx.db
        .selectFrom('v2_assignments')
        .select('id')
        .where('evaluation_id', '=', evaluation.id)
        .executeTakeFirstOrThrow();
      const item = await ctx.db
        .selectFrom('v2_items')
        .select('id')
        .where('evaluation_id', '=', evaluation.id)
        .executeTakeFirstOrThrow();
      await mark();
      const res = await client.post('/api/responses-v2/submit', {
        evaluation_id: evaluation.id,
        assignment_id: assignment.id,
        answers: [{ item_id: item.id, value: 4 }],
      });
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'v2_response',
            entity_id: expect.any(Number),
            user: rater.id,
            // The answers themselves stay out of the log (anonymity): only how many there were.
            after: { assignment_id: assignment.id, evaluation_id: evaluation.id, answers: 1 },
          },
        ],
      };
    },
  },
  // Drafts and declines (decision 034): a draft is not audited (private, anonymous, saved every
  // 1.5 s); a decline is, with its reason.
  {
    route: 'PUT /api/responses-v2/draft/:assignmentId',
    async run({ ctx, admin, mark }) {
      const evaluation = await createOpenV2(admin);
      const evaluatee = await createUser(ctx);
      const { user: rater, client } = await loginAs(ctx, 'colaborador');
      await admin.post('/api/assignments-v2/bulk', {
        evaluation_id: evaluation.id,
        assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
      });
      const assignment = await ctx.db
        .selectFrom('v2_assignments')
        .select('id')
        .where('evaluation_id', '=', evaluation.id)
        .executeTakeFirstOrThrow();
      await mark();
      const res = await client.put(`/api/responses-v2/draft/${assignment.id}`, { answers: [] });
      return { res, status: 200, entries: [] };
    },
  },
  {
    route: 'POST /api/responses-v2/decline',
    async run({ ctx, admin, mark }) {
      const evaluation = await createOpenV2(admin);
      const evaluatee = await createUser(ctx);
      const { user: rater, client } = await loginAs(ctx, 'colaborador');
      await admin.post('/api/assignments-v2/bulk', {
        evaluation_id: evaluation.id,
        assignments: [{ evaluator_id: rater.id, evaluatee_id: evaluatee.id, relation: 'peer' }],
      });
      const assignment = await ctx.db
        .selectFrom('v2_assignments')
        .select('id')
        .where('evaluation_id', '=', evaluation.id)
        .executeTakeFirstOrThrow();
      await mark();
      const res = await client.post('/api/responses-v2/decline', {
        assignment_id: assignment.id,
        reason: 'No la conozco.',
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'decline',
            entity: 'v2_assignment',
            entity_id: assignment.id,
            user: rater.id,
            before: { status: 'pending' },
            after: {
              status: 'declined',
              evaluation_id: evaluation.id,
              evaluatee_id: evaluatee.id,
              decline_reason: 'No la conozco.',
            },
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/evaluations-v2/:id/snapshot',
    async run({ hr, hrId, mark }) {
      const evaluation = await createOpenV2(hr);
      await mark();
      const res = await hr.post(`/api/evaluations-v2/${evaluation.id}/snapshot`, { label: 'Corte de mitad' });
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'v2_snapshot',
            entity_id: answerOf(v2SnapshotEndpoints.create, res).snapshot.id,
            user: hrId,
            after: { label: 'Corte de mitad', evaluation_id: evaluation.id },
          },
        ],
      };
    },
  },
  {
    route: 'POST /api/templates',
    async run({ admin, adminId, mark }) {
      const draft = await createV2Draft(admin);
      await mark();
      const name = unique('Plantilla');
      const res = await admin.post('/api/templates', { evaluation_id: draft.id, name });
      return {
        res,
        status: 201,
        entries: [
          {
            action: 'create',
            entity: 'v2_template',
            entity_id: answerOf(v2TemplateEndpoints.create, res).id,
            user: adminId,
            after: { name, from_evaluation_id: draft.id },
          },
        ],
      };
    },
  },
  {
    route: 'PUT /api/templates/:id',
    async run({ admin, hr, hrId, mark }) {
      const draft = await createV2Draft(admin);
      const created = await admin.post('/api/templates', {
        evaluation_id: draft.id,
        name: unique('Plantilla'),
      });
      await mark();
      const name = unique('Plantilla renombrada');
      const res = await hr.put(`/api/templates/${answerOf(v2TemplateEndpoints.create, created).id}`, {
        name,
      });
      return {
        res,
        status: 200,
        entries: [
          {
            action: 'update',
            entity: 'v2_template',
            entity_id: answerOf(v2TemplateEndpoints.create, created).id,
            user: hrId,
            before: { name: answerOf(v2TemplateEndpoints.create, created).name },
            after: { name },
          },
        ],
      };
    },
  },
  {
    route: 'DELETE /api/templates/:id',
    async run({ admin, adminId, mark }) {
      const draft = await createV2Draft(admin);
      const created = await admin.post('/api/templates', {
        evaluation_id: draft.id,
        name: unique('Plantilla'),
      });
      await mark();
      const res = await admin.delete(`/api/templates/${answerOf(v2TemplateEndpoints.create, created).id}`);
      return {
        res,
        status: 204,
        entries: [
          {
            action: 'delete',
            entity: 'v2_template',
            entity_id: answerOf(v2TemplateEndpoints.create, created).id,
            user: adminId,
          },
        ],
      };
    },
  },
];

/** Writes refused before or while they run: each must leave the log as it was. */
const REFUSED: Array<{
  name: string;
  run(env: Env): Promise<{ res: LightMyRequestResponse; status: number }>;
}> = [
  {
    name: 'a duplicate category (409)',
    async run({ ctx, admin, mark }) {
      const cat = await insertCategory(ctx);
      await mark();
      return { res: await admin.post('/api/categories', { name: cat.name }), status: 409 };
    },
  },
  {
    name: 'deleting a category in use (409)',
    async run({ ctx, hr, mark }) {
      const cat = await insertCategory(ctx);
      await createUser(ctx, { category_id: cat.id });
      await mark();
      return { res: await hr.delete(`/api/categories/${cat.id}`), status: 409 };
    },
  },
  {
    name: "a user given another user's e-mail (409)",
    async run({ ctx, admin, mark }) {
      const a = await createUser(ctx);
      const b = await createUser(ctx);
      await mark();
      const res = await admin.put(`/api/users/${a.id}`, {
        name: a.name,
        email: b.email,
        role: 'colaborador',
        position: null,
        department: null,
        category_id: null,
      });
      return { res, status: 409 };
    },
  },
  {
    name: 'a 360 draft closed without being opened (409)',
    async run({ admin, mark }) {
      const draft = await createV2Draft(admin);
      await mark();
      return { res: await admin.patch(`/api/evaluations-v2/${draft.id}`, { status: 'closed' }), status: 409 };
    },
  },
  {
    name: 'an invalid body (400)',
    async run({ admin, mark }) {
      await mark();
      return { res: await admin.post('/api/categories', { name: '   ' }), status: 400 };
    },
  },
  {
    name: 'a call outside the role (403)',
    async run({ ctx, mark }) {
      const { client } = await loginAs(ctx, 'colaborador');
      await mark();
      return { res: await client.post('/api/categories', { name: unique('Categoría') }), status: 403 };
    },
  },
  {
    name: 'a failed login (401)',
    async run({ ctx, mark }) {
      const user = await createUser(ctx);
      await mark();
      return { res: await ctx.client().login(user.email, 'Clave-Equivocada-1'), status: 401 };
    },
  },
];

describeEngines('audit log', (t) => {
  let env: Env;
  let markId: number | undefined;
  let setupEntries: Awaited<ReturnType<typeof entriesAfter>>;
  let setupAdminId: number;

  beforeAll(async () => {
    const ctx = t();
    // The first administrator comes from the setup link: the setup and the first login are audited too.
    const boot = await bootstrap(ctx.db, undefined);
    if (boot.kind !== 'setup-link') throw new Error('expected a setup link on an empty database');
    const email = `${unique('primera')}@prueba.do`;
    const setup = await ctx.client().post('/api/setup', {
      token: boot.token,
      name: 'Primera Administradora',
      email,
      password: 'Clave-Admin-Segura-1',
    });
    if (setup.statusCode !== 201) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
    setupAdminId = answerOf(setupEndpoints.complete, setup).user.id;
    const admin = ctx.client();
    const login = await admin.login(email, 'Clave-Admin-Segura-1');
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode}`);
    setupEntries = await entriesAfter(ctx, 0);
    const hr = await loginAs(ctx, 'gestionhumana');
    env = {
      ctx,
      admin,
      adminId: setupAdminId,
      hr: hr.client,
      hrId: hr.user.id,
      async mark() {
        markId = await maxAuditId(ctx);
      },
    };
  });

  it('the setup and the first login are the first entries, with who, where and when', () => {
    expect(setupEntries.map((e) => [e.action, e.entity, e.entity_id, e.user_id])).toEqual([
      ['setup', 'user', setupAdminId, setupAdminId],
      ['login', 'user', setupAdminId, setupAdminId],
    ]);
    for (const e of setupEntries) {
      expect(e.ip).toBeTruthy();
      expect(Date.parse(e.created_at)).not.toBeNaN();
    }
    expect(JSON.parse(setupEntries[0]?.after_json ?? 'null')).toEqual({
      email: expect.stringContaining('@'),
    });
  });

  it('every mutating route of the API has a case below (a new route needs its audit check)', () => {
    const covered = new Set([...CASES.map((c) => routeKey(c.route)), routeKey('POST /api/setup')]);
    const routes = mutatingRoutes(t().app);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
    // And every case names a route that exists.
    expect([...covered].filter((r) => !routes.includes(r))).toEqual([]);
  });

  describe.each(CASES.map((c) => [c.route, c]))('%s', (_route, c) => {
    it('writes its entry (who, what, which record, before/after, address) with the change', async () => {
      markId = undefined;
      const out = await c.run(env);
      expect(out.res.statusCode, out.res.body).toBe(out.status);
      if (markId === undefined) throw new Error('the case did not mark the log before its call');
      const written = await entriesAfter(t(), markId);
      expect(written.map((e) => `${e.action} ${e.entity}`)).toEqual(
        out.entries.map((e) => `${e.action} ${e.entity}`),
      );
      written.forEach((row, i) => {
        const want = out.entries[i] as Expected;
        expect(row.entity_id).toEqual(want.entity_id);
        expect(row.user_id).toBe(want.user);
        expect(row.ip).toBeTruthy();
        expect(Date.parse(row.created_at)).toBeGreaterThan(Date.now() - 60_000);
        const before = JSON.parse(row.before_json ?? 'null') as unknown;
        const after = JSON.parse(row.after_json ?? 'null') as unknown;
        if (want.before === null) expect(before).toBeNull();
        else if (want.before !== undefined) expect(before).toMatchObject(want.before);
        if (want.after === null) expect(after).toBeNull();
        else if (want.after !== undefined) expect(after).toMatchObject(want.after);
        // No password, hash or session token ever reaches the log.
        expect(`${row.before_json}${row.after_json}`).not.toMatch(/password|\$argon2|csrf/i);
      });
      // A call that writes nothing (the import preview) leaves nothing to read back.
      if (written.length === 0) return;
      // The API shows the same newest entry to an administrator.
      const last = written.at(-1) as (typeof written)[number];
      const page = await env.admin.get(
        `/api/audit?entity=${last.entity}&action=${last.action}&pageSize=1&from=${encodeURIComponent(last.created_at)}`,
      );
      expect(page.statusCode).toBe(200);
      const row = answerOf(auditEndpoints.list, page).rows[0] as AuditRow;
      expect(row).toMatchObject({
        id: last.id,
        user_id: last.user_id,
        entity_id: last.entity_id,
        created_at: last.created_at,
        before: JSON.parse(last.before_json ?? 'null'),
        after: JSON.parse(last.after_json ?? 'null'),
        ip: last.ip,
      });
      expect(row.user_name).toBeTruthy();
    });
  });

  it.each(REFUSED.map((r) => [r.name, r]))('%s leaves no entry', async (_name, r) => {
    markId = undefined;
    const { res, status } = await r.run(env);
    expect(res.statusCode, res.body).toBe(status);
    if (markId === undefined) throw new Error('the case did not mark the log');
    expect(await entriesAfter(t(), markId)).toEqual([]);
  });

  it('a change whose entry cannot be written is not made (one transaction)', async () => {
    const ctx = t();
    const victim = await createUser(ctx, { name: 'Nombre Intacto' });
    const refuse = `after_json like '%Rechazar-Auditoría%' or (action = 'login' and user_id = ${victim.id})`;
    if (ctx.engine === 'sqlite') {
      await sql
        .raw(
          `create trigger test_refuse_audit before insert on audit_log when ${refuse} ` +
            `begin select raise(abort, 'audit refused'); end`,
        )
        .execute(ctx.db);
    } else {
      await sql
        .raw(`alter table audit_log add constraint test_refuse_audit check (not coalesce(${refuse}, false))`)
        .execute(ctx.db);
    }
    try {
      const name = `Rechazar-Auditoría ${unique('x')}`;
      const created = await env.admin.post('/api/categories', { name }, { expect5xx: true });
      expect(created.statusCode).toBe(500);
      expect(await ctx.db.selectFrom('categories').select('id').where('name', '=', name).execute()).toEqual(
        [],
      );

      const bank = await env.hr.post('/api/question-banks', { name, description: null }, { expect5xx: true });
      expect(bank.statusCode).toBe(500);
      expect(
        await ctx.db.selectFrom('question_banks').select('id').where('name', '=', name).execute(),
      ).toEqual([]);

      const renamed = await env.admin.put(
        `/api/users/${victim.id}`,
        {
          name,
          email: victim.email,
          role: 'colaborador',
          position: null,
          department: null,
          category_id: null,
        },
        { expect5xx: true },
      );
      expect(renamed.statusCode).toBe(500);
      const row = await ctx.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', victim.id)
        .executeTakeFirst();
      expect(row?.name).toBe('Nombre Intacto');

      // A login whose entry fails leaves no session behind (and no cookie that works).
      const client = ctx.client();
      expect((await client.login(victim.email, DEFAULT_PASSWORD, { expect5xx: true })).statusCode).toBe(500);
      const sessions = await ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', victim.id)
        .execute();
      expect(sessions).toEqual([]);
    } finally {
      if (ctx.engine === 'sqlite') await sql.raw('drop trigger test_refuse_audit').execute(ctx.db);
      else await sql.raw('alter table audit_log drop constraint test_refuse_audit').execute(ctx.db);
    }
  });

  describe('GET /api/audit', () => {
    const ENTITY = 'prueba_paginado';
    /** 25 rows, one a day at noon UTC from 2020-01-01; odd days by the admin and 'update', even days by nobody. */
    beforeAll(async () => {
      const ctx = t();
      await ctx.db
        .insertInto('audit_log')
        .values(
          Array.from({ length: 25 }, (_, i) => ({
            user_id: i % 2 === 0 ? env.adminId : null,
            action: i % 2 === 0 ? 'update' : 'create',
            entity: ENTITY,
            entity_id: i + 1,
            before_json: i % 2 === 0 ? JSON.stringify({ day: i }) : null,
            after_json: i === 0 ? 'texto que no es JSON' : JSON.stringify({ day: i + 1, list: [1, 2] }),
            ip: '10.0.0.1',
            created_at: `2020-01-${String(i + 1).padStart(2, '0')}T12:00:00.000Z`,
          })),
        )
        .execute();
      // Two entries in the same millisecond: the later id comes first.
      await ctx.db
        .insertInto('audit_log')
        .values(
          [1, 2].map((n) => ({
            user_id: null,
            action: 'empate',
            entity: ENTITY,
            entity_id: 100 + n,
            before_json: null,
            after_json: null,
            ip: null,
            created_at: '2019-12-31T00:00:00.000Z',
          })),
        )
        .execute();
    });

    const get = async (query: string) => {
      const res = await env.admin.get(`/api/audit?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return answerOf(auditEndpoints.list, res);
    };

    it('answers 401 without a session and 403 to every role but admin', async () => {
      const anon = await t().client().get('/api/audit');
      expect(anon.statusCode).toBe(401);
      await expectAllForbidden(
        t(),
        ['gestionhumana', 'evaluador', 'colaborador'],
        [
          { method: 'GET', url: '/api/audit' },
          { method: 'GET', url: `/api/audit?entity=${ENTITY}` },
        ],
      );
    });

    it('pages on the server, 20 by default, newest first', async () => {
      const first = await get(`entity=${ENTITY}`);
      expect(first).toMatchObject({ total: 27, page: 1, pageSize: 20 });
      expect(first.rows).toHaveLength(20);
      expect(first.rows.map((r) => r.entity_id)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
      const second = await get(`entity=${ENTITY}&page=2`);
      expect(second.rows.map((r) => r.entity_id)).toEqual([5, 4, 3, 2, 1, 102, 101]);
      const small = await get(`entity=${ENTITY}&page=3&pageSize=10`);
      expect(small).toMatchObject({ total: 27, page: 3, pageSize: 10 });
      expect(small.rows.map((r) => r.entity_id)).toEqual([5, 4, 3, 2, 1, 102, 101]);
      expect((await get(`entity=${ENTITY}&page=9`)).rows).toEqual([]);
      // Without filters the whole log, newest first.
      const all = await get('pageSize=200');
      expect(all.total).toBeGreaterThan(27);
      const times = all.rows.map((r) => r.created_at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('answers the rows with the author, and before/after parsed (or null)', async () => {
      const rows = (await get(`entity=${ENTITY}&pageSize=200`)).rows;
      const day1 = rows.find((r) => r.entity_id === 1) as AuditRow;
      const day2 = rows.find((r) => r.entity_id === 2) as AuditRow;
      expect(day1).toEqual({
        id: expect.any(Number),
        created_at: '2020-01-01T12:00:00.000Z',
        user_id: env.adminId,
        user_name: 'Primera Administradora',
        action: 'update',
        entity: ENTITY,
        entity_id: 1,
        before: { day: 0 },
        after: 'texto que no es JSON',
        ip: '10.0.0.1',
      });
      expect(day2).toMatchObject({
        user_id: null,
        user_name: null,
        before: null,
        after: { day: 2, list: [1, 2] },
      });
      const tie = rows.find((r) => r.entity_id === 101) as AuditRow;
      expect(tie).toMatchObject({ before: null, after: null, ip: null });
    });

    it('filters by user, entity and action, together', async () => {
      expect((await get(`entity=${ENTITY}&action=update`)).total).toBe(13);
      expect((await get(`entity=${ENTITY}&action=create`)).total).toBe(12);
      expect((await get(`entity=${ENTITY}&user_id=${env.adminId}`)).total).toBe(13);
      expect((await get(`entity=${ENTITY}&user_id=${env.adminId}&action=create`)).total).toBe(0);
      const mine = await get(`user_id=${env.hrId}&pageSize=200`);
      expect(mine.total).toBeGreaterThan(0);
      expect(mine.rows.every((r) => r.user_id === env.hrId)).toBe(true);
      const logins = await get('action=login&pageSize=200');
      expect(logins.rows.every((r) => r.action === 'login' && r.entity === 'user')).toBe(true);
      expect((await get('entity=no_existe')).total).toBe(0);
    });

    it('filters by date range: whole days for dates, exact instants for date-times', async () => {
      const days = async (query: string) =>
        (await get(`entity=${ENTITY}&pageSize=200&${query}`)).rows.map((r) => r.entity_id);
      expect(await days('from=2020-01-10&to=2020-01-12')).toEqual([12, 11, 10]);
      expect(await days('from=2020-01-24')).toEqual([25, 24]);
      expect(await days('to=2020-01-01')).toEqual([1, 102, 101]);
      expect(await days('from=2020-01-05&to=2020-01-05')).toEqual([5]);
      expect(
        await days(
          `from=${encodeURIComponent('2020-01-10T12:00:00.000Z')}&to=${encodeURIComponent('2020-01-11T12:00:00Z')}`,
        ),
      ).toEqual([11, 10]);
      // The same instants with an offset (the screen sends local days as instants).
      expect(
        await days(
          `from=${encodeURIComponent('2020-01-10T08:00:00-04:00')}&to=${encodeURIComponent('2020-01-10T08:00:01-04:00')}`,
        ),
      ).toEqual([10]);
    });

    it.each([
      ['user_id=abc', AUDIT_MESSAGES.userInvalid],
      ['user_id=0', AUDIT_MESSAGES.userInvalid],
      ['entity=Categoría!', AUDIT_MESSAGES.entityInvalid],
      ['action=' + 'x'.repeat(60), AUDIT_MESSAGES.actionInvalid],
      ['from=ayer', AUDIT_MESSAGES.fromInvalid],
      ['from=2026-02-30', AUDIT_MESSAGES.fromInvalid],
      ['to=2026-13-01', AUDIT_MESSAGES.toInvalid],
      ['to=2026-01-01T25:00:00Z', AUDIT_MESSAGES.toInvalid],
      ['from=2026-03-02&to=2026-03-01', AUDIT_MESSAGES.rangeOrder],
      ['page=0', AUDIT_MESSAGES.pageInvalid],
      ['pageSize=500', AUDIT_MESSAGES.pageSizeInvalid],
    ])('?%s answers 400: %s', async (query, message) => {
      const res = await env.admin.get(`/api/audit?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(message);
    });
  });
});
