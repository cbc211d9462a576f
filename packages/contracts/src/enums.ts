/** Shared enumerations. Values are the wire format; labels are what a person reads (es-DO). */

export const ROLES = ['admin', 'gestionhumana', 'evaluador', 'colaborador'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  gestionhumana: 'Gestión Humana',
  colaborador: 'colaborador',
  evaluador: 'evaluador',
};

/** Roles that manage the organisation (all management calls and screens). */
export const MANAGER_ROLES = ['admin', 'gestionhumana'] as const satisfies readonly Role[];

/** Whether a role manages the organisation (one of MANAGER_ROLES). */
export function isManagerRole(role: Role): boolean {
  return (MANAGER_ROLES as readonly Role[]).includes(role);
}

export const QUESTION_TYPES = ['competency', 'objective'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const RELATIONS = ['self', 'manager', 'peer', 'report'] as const;
export type Relation = (typeof RELATIONS)[number];
export const RELATION_LABELS: Record<Relation, string> = {
  self: 'Autoevaluación',
  manager: 'Jefe',
  peer: 'Par',
  report: 'Colaborador directo',
};

export const ITEM_TYPES = ['rating', 'yes_no', 'status_3', 'text'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const STATUS3_VALUES = ['logrado', 'proceso', 'no_logrado'] as const;
export type Status3 = (typeof STATUS3_VALUES)[number];
export const STATUS3_LABELS: Record<Status3, string> = {
  logrado: 'Logrado',
  proceso: 'En proceso',
  no_logrado: 'No logrado',
};

/** A V1 evaluation's state (decision 026): at most one open per category. */
export const V1_STATUSES = ['borrador', 'abierta', 'cerrada'] as const;
export type V1EvaluationStatus = (typeof V1_STATUSES)[number];
export const V1_STATUS_LABELS: Record<V1EvaluationStatus, string> = {
  borrador: 'Borrador',
  abierta: 'Abierta',
  cerrada: 'Cerrada',
};

/**
 * When the person evaluated reads a V1 result (decision 050): once it is submitted (SPEC.md's
 * behaviour, and what a create without the field gets), or once HR releases it (the web's default).
 */
export const V1_RELEASE_MODES = ['al_enviar', 'al_publicar'] as const;
export type V1ReleaseMode = (typeof V1_RELEASE_MODES)[number];
export const V1_RELEASE_MODE_LABELS: Record<V1ReleaseMode, string> = {
  al_enviar: 'Al enviarse cada evaluación',
  al_publicar: 'Cuando Gestión Humana los publique',
};

export const V2_STATUSES = ['draft', 'open', 'closed'] as const;
export type V2Status = (typeof V2_STATUSES)[number];
