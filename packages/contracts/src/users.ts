import { z } from 'zod';
import { emailSchema, newPasswordSchema, publicUserSchema } from './auth';
import {
  idParamsSchema,
  optionalId,
  optionalText,
  pageQuerySchema,
  pagedSchema,
  requiredId,
  requiredText,
} from './common';
import { endpoint, type BodyInput } from './endpoint';
import { ROLES } from './enums';
import { raterStandingSchema } from './rater-standing';

/** Spanish sentences of 'Reporta a' (decision 036). */
export const USER_MANAGER_MESSAGES = {
  managerInvalid: 'El jefe (Reporta a) no es válido.',
  managerInactive: 'El jefe (Reporta a) debe ser un usuario activo.',
  managerSelf: 'Una persona no puede reportarse a sí misma.',
  managerCycle:
    'Ese jefe reporta, directa o indirectamente, a esta persona: «Reporta a» no puede formar un ciclo.',
} as const;

/** A user as the users calls answer it: with whom they report to ('Reporta a', decision 036). */
export const userDetailSchema = publicUserSchema.extend({
  manager_id: z.number().int().nullable(),
  manager_name: z.string().nullable(),
  /** An administrator confirmed the address is the person's own (decision 040). */
  email_confirmed: z.boolean(),
  /** Whether the person's 360 answers would count toward anonymity now, or why not (decision 040). */
  rater_standing: raterStandingSchema,
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const userListRowSchema = userDetailSchema.extend({ category_name: z.string().nullable() });
export type UserListRow = z.infer<typeof userListRowSchema>;

export const usersQuerySchema = pageQuerySchema.extend({
  role: z.enum(ROLES, { error: 'El rol no es válido.' }).optional(),
});

const roleRequired = z.enum(ROLES, { error: 'El rol es obligatorio.' });

const userFields = {
  name: requiredText('El nombre es obligatorio.', 120),
  email: emailSchema,
  role: roleRequired,
  position: optionalText(120),
  department: optionalText(120),
  category_id: optionalId('La categoría no es válida.'),
  /** 'Reporta a': null clears it; absent keeps it on an edit (none on a create). */
  manager_id: z.preprocess(
    (v) => (v === '' ? null : v),
    requiredId(USER_MANAGER_MESSAGES.managerInvalid).nullable().optional(),
  ),
};

export const CREATE_USER_MESSAGES = {
  passwordRequired: 'La contraseña es obligatoria.',
  passwordOrLink: 'Elige una: escribir una contraseña o enviar un enlace de acceso.',
} as const;

/**
 * POST /api/users: the specification's body (a password required), or — the web's other choice
 * (decision 040) — no password and `send_access_link: true`: the person gets an access link and
 * chooses their own.
 */
export const createUserSchema = z
  .object({
    ...userFields,
    password: z
      .string({ error: CREATE_USER_MESSAGES.passwordRequired })
      .min(1, { error: CREATE_USER_MESSAGES.passwordRequired })
      .pipe(newPasswordSchema)
      .optional(),
    send_access_link: z.literal(true, { error: 'El valor de send_access_link no es válido.' }).optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (v.send_access_link && v.password !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: CREATE_USER_MESSAGES.passwordOrLink });
      } else if (!v.send_access_link && v.password === undefined) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: CREATE_USER_MESSAGES.passwordRequired });
      }
    },
    // Also when other fields are wrong: every sentence at once, as before the link choice existed.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
/** What the web sends to create a user. */
export type CreateUserInput = BodyInput<typeof userEndpoints.create>;

/** PUT /api/users/{id}: the whole user; password only when it changes. */
export const updateUserSchema = z.object({
  ...userFields,
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), newPasswordSchema.optional()),
});
/** What the web sends to edit a user. */
export type UpdateUserInput = BodyInput<typeof userEndpoints.update>;

/**
 * PATCH /api/users/{id}/status: the new status, or a toggle when absent — also when the whole body is
 * (SPEC.md's activate/deactivate button names no body; Fastify hands a body-less request over as null).
 */
export const userStatusSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ status: z.boolean({ error: 'El estado debe ser verdadero o falso.' }).optional() }),
);

/** At most this many ids per POST /api/users/lookup (a whole 360 batch). */
export const USER_LOOKUP_MAX = 5000;
export const USER_LOOKUP_MESSAGES = {
  idsInvalid: 'La lista de usuarios no es válida.',
  idsTooMany: 'Se admiten como máximo 5000 usuarios por consulta.',
} as const;

/** POST /api/users/lookup: which of these ids name a user (decision 035). */
export const userLookupSchema = z.object({
  ids: z
    .array(requiredId(USER_LOOKUP_MESSAGES.idsInvalid), { error: USER_LOOKUP_MESSAGES.idsInvalid })
    .max(USER_LOOKUP_MAX, { error: USER_LOOKUP_MESSAGES.idsTooMany }),
});
/** Who an id names: enough to tell people apart in a batch, and whether they are active. */
export const userLookupRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  status: z.boolean(),
});
export type UserLookupRow = z.infer<typeof userLookupRowSchema>;
/** The users found, by id; an id that names nobody is simply not there. */
export const userLookupResultSchema = z.object({ rows: z.array(userLookupRowSchema) });

/** POST /api/users/{id}/confirm-email: the address as the administrator saw it. */
export const confirmEmailSchema = z.object({ email: emailSchema });

export const userEndpoints = {
  /** Admin and HR: every user (?role= filters), or a page of them with ?page= (and ?q=). */
  list: endpoint({
    method: 'GET',
    path: '/api/users',
    query: usersQuerySchema,
    response: z.union([z.array(userListRowSchema), pagedSchema(userListRowSchema)]),
  }),
  /** One user: oneself, admin and HR, or an evaluator for a collaborator assigned to them. */
  get: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    params: idParamsSchema,
    response: userDetailSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/users',
    body: createUserSchema,
    status: 201,
    response: userDetailSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/users/:id',
    params: idParamsSchema,
    body: updateUserSchema,
    response: userDetailSchema,
  }),
  /** Admin and HR: the users among a list of ids (a 360 batch checked before it is saved). */
  lookup: endpoint({
    method: 'POST',
    path: '/api/users/lookup',
    body: userLookupSchema,
    response: userLookupResultSchema,
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: '/api/users/:id/status',
    params: idParamsSchema,
    body: userStatusSchema,
    response: userDetailSchema,
  }),
  /**
   * Admin only (decision 040): the address is the person's own, so a password chosen through a link
   * sent to it counts toward 360 anonymity. The body names the address confirmed (409 when it changed).
   */
  confirmEmail: endpoint({
    method: 'POST',
    path: '/api/users/:id/confirm-email',
    params: idParamsSchema,
    body: confirmEmailSchema,
    response: userDetailSchema,
  }),
};

/** The server's sentences (issue 29 §6: every sentence the server sends lives in contracts). */
export const USER_MESSAGES = {
  notFound: 'El usuario no existe.',
  duplicateEmail: 'Ya existe un usuario con ese correo electrónico.',
  adminOnly: 'Solo un administrador puede crear o modificar administradores, o asignar ese rol.',
  selfDeactivate: 'No puedes desactivar tu propia cuenta.',
  lastAdmin: 'Debe quedar al menos un administrador activo.',
  categoryMissing: 'La categoría no existe.',
  ownPassword: 'Para cambiar tu propia contraseña usa «Mi Perfil», que pide la actual.',
} as const;
