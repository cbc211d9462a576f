import { z } from 'zod';
import { requiredId, searchText } from './common';
import { endpoint, noContent } from './endpoint';
import { evaluationIdParamsSchema } from './v2-evaluations';

/**
 * 360 nominations and 'Reporta a' in assignments (issue 19, decision 036): HR enables nominations on
 * an evaluation with a minimum and a maximum, each participant proposes peers and direct reports,
 * their manager ('Reporta a') approves or changes the list, and the approved list becomes assignments.
 */
export const V2_NOMINATION_STATUSES = ['borrador', 'enviada', 'aprobada'] as const;
export type V2NominationStatus = (typeof V2_NOMINATION_STATUSES)[number];
export const V2_NOMINATION_STATUS_LABELS: Record<V2NominationStatus, string> = {
  borrador: 'Sin enviar',
  enviada: 'Enviada',
  aprobada: 'Aprobada',
};

/** A nominee is proposed as a peer or as a direct report. */
export const V2_NOMINEE_RELATIONS = ['peer', 'report'] as const;
export type V2NomineeRelation = (typeof V2_NOMINEE_RELATIONS)[number];

/** The most nominees HR may ask for. */
export const NOMINATIONS_LIMIT = 20;

export const V2_NOMINATION_MESSAGES = {
  rangeInvalid: 'El mínimo y el máximo deben cumplir 1 ≤ mínimo ≤ máximo ≤ 20.',
  enabledInvalid: 'Indica si las nominaciones están habilitadas (sí o no).',
  nomineeInvalid: 'Cada evaluador propuesto necesita una persona y una relación (par o colaborador directo).',
  nomineesInvalid: 'La lista de evaluadores propuestos no es válida.',
  participantsInvalid: 'La lista de participantes no es válida.',
  participantsEmpty: 'Indica a quién agregar como participante.',
  submitInvalid: 'Indica si la propuesta se envía (sí o no).',
  // Checked by the server against the database:
  evaluationMissing: 'La evaluación no existe.',
  nominationMissing: 'La nominación no existe.',
  closed: 'La evaluación está cerrada: sus nominaciones ya no se pueden cambiar.',
  notEnabled: 'Esta evaluación no tiene las nominaciones habilitadas.',
  alreadyApproved: 'Esta nominación ya fue aprobada: no se puede cambiar.',
  notSubmitted: 'La persona aún no ha enviado su propuesta.',
  self: 'Una persona no puede proponerse a sí misma como evaluador.',
  duplicate: 'Cada persona puede proponerse una sola vez.',
  inactive: 'Uno de los evaluadores propuestos no existe o no está activo.',
  isManager:
    'El jefe de la persona ya la evalúa como jefe: no se propone como par ni como colaborador directo.',
  participantInactive: 'Uno de los participantes no existe o no está activo.',
  approvedParticipant: 'La nominación de esta persona ya fue aprobada: no se puede quitar.',
} as const;
const M = V2_NOMINATION_MESSAGES;

export const belowMinMessage = (min: number) =>
  `Propón al menos ${min} ${min === 1 ? 'evaluador' : 'evaluadores'}.`;
export const aboveMaxMessage = (max: number) =>
  `Puedes proponer como máximo ${max} ${max === 1 ? 'evaluador' : 'evaluadores'}.`;

/** The count rule both sides apply to a list of nominees. Null when it holds. */
export function nomineeCountProblem(count: number, min: number, max: number): string | null {
  if (count < min) return belowMinMessage(min);
  if (count > max) return aboveMaxMessage(max);
  return null;
}

const limit = z.number({ error: M.rangeInvalid }).int({ error: M.rangeInvalid });

/** PUT …/nominations: enable (with min and max) or disable. */
export const v2NominationSettingsSchema = z
  .object({
    enabled: z.boolean({ error: M.enabledInvalid }),
    min: limit.optional(),
    max: limit.optional(),
  })
  .refine(
    (s) =>
      !s.enabled ||
      (s.min !== undefined &&
        s.max !== undefined &&
        s.min >= 1 &&
        s.min <= s.max &&
        s.max <= NOMINATIONS_LIMIT),
    { error: M.rangeInvalid, path: ['min'] },
  );
export type V2NominationSettingsInput = z.input<typeof v2NominationSettingsSchema>;

/** POST …/nominations/participants: people to add, or everyone active who has a manager. */
export const v2AddParticipantsSchema = z
  .object({
    user_ids: z
      .array(requiredId(M.participantsInvalid), { error: M.participantsInvalid })
      .max(5000, { error: M.participantsInvalid })
      .optional()
      .default([]),
    all_with_manager: z.boolean({ error: M.participantsInvalid }).optional().default(false),
  })
  .refine((b) => b.all_with_manager || b.user_ids.length > 0, { error: M.participantsEmpty });
export type V2AddParticipantsInput = z.input<typeof v2AddParticipantsSchema>;

export const v2NomineeInputSchema = z.object(
  {
    nominee_id: requiredId(M.nomineeInvalid),
    relation: z.enum(V2_NOMINEE_RELATIONS, { error: M.nomineeInvalid }),
  },
  { error: M.nomineeInvalid },
);
export type V2NomineeInput = z.infer<typeof v2NomineeInputSchema>;

const nomineeList = z
  .array(v2NomineeInputSchema, { error: M.nomineesInvalid })
  .max(100, { error: M.nomineesInvalid });

/** PUT /api/nominations/{id}: the evaluatee's list; `submit` sends it to their manager. */
export const v2SaveNominationSchema = z.object({
  nominees: nomineeList,
  submit: z.boolean({ error: M.submitInvalid }).optional().default(false),
});
export type V2SaveNominationInput = z.input<typeof v2SaveNominationSchema>;

/** POST /api/nominations/{id}/approve: approve as sent, or with a changed list. */
export const v2ApproveNominationSchema = z
  .object({ nominees: nomineeList.optional() })
  .optional()
  .default({});
export type V2ApproveNominationInput = z.input<typeof v2ApproveNominationSchema>;

/** A person as the people search shows them: no e-mail (any logged-in user may search). */
export const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;
export const peopleSchema = z.object({ rows: z.array(personSchema) });
export const peopleQuerySchema = z.object({ q: searchText() });

export const v2NomineeSchema = personSchema.extend({ relation: z.enum(V2_NOMINEE_RELATIONS) });
export type V2Nominee = z.infer<typeof v2NomineeSchema>;

export const v2NominationSchema = z.object({
  id: z.number().int(),
  evaluation_id: z.number().int(),
  evaluation_name: z.string(),
  evaluatee: personSchema,
  manager: personSchema.nullable(),
  status: z.enum(V2_NOMINATION_STATUSES),
  min: z.number().int(),
  max: z.number().int(),
  nominees: z.array(v2NomineeSchema),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
});
export type V2Nomination = z.infer<typeof v2NominationSchema>;

/** GET /api/nominations/mine: the caller's own proposals, and those waiting for their approval. */
export const v2MyNominationsSchema = z.object({
  own: z.array(v2NominationSchema),
  to_approve: z.array(v2NominationSchema),
});
export type V2MyNominations = z.infer<typeof v2MyNominationsSchema>;

export const v2ApproveResultSchema = z.object({
  nomination: v2NominationSchema,
  created_count: z.number().int(),
});
export type V2ApproveResult = z.infer<typeof v2ApproveResultSchema>;

/** One participant, as HR follows them. */
export const v2ParticipantSchema = z.object({
  nomination_id: z.number().int(),
  evaluatee: personSchema,
  manager_name: z.string().nullable(),
  status: z.enum(V2_NOMINATION_STATUSES),
  nominee_count: z.number().int(),
});
export type V2Participant = z.infer<typeof v2ParticipantSchema>;

export const v2NominationOverviewSchema = z.object({
  evaluation_id: z.number().int(),
  enabled: z.boolean(),
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  participants: z.array(v2ParticipantSchema),
});
export type V2NominationOverview = z.infer<typeof v2NominationOverviewSchema>;

export const nominationIdParamsSchema = z.object({
  id: requiredId('El identificador no es válido.'),
});
export const participantParamsSchema = z.object({
  evaluationId: requiredId('El identificador no es válido.'),
  userId: requiredId('El identificador no es válido.'),
});

/** POST …/assignments/managers: how many manager assignments 'Reporta a' filled. */
export const v2FillManagersResultSchema = z.object({ created_count: z.number().int() });
export type V2FillManagersResult = z.infer<typeof v2FillManagersResultSchema>;

export const fillManagersMessage = (n: number) =>
  n === 0
    ? 'No faltaba ningún jefe: no se creó ninguna asignación.'
    : `Se crearon ${n} ${n === 1 ? 'asignación' : 'asignaciones'} de jefe según «Reporta a».`;

export const v2NominationEndpoints = {
  /** Admin and HR: a 'manager' assignment for every evaluatee whose 'Reporta a' has none yet. */
  fillManagers: endpoint({
    method: 'POST',
    path: '/api/evaluations-v2/:evaluationId/assignments/managers',
    params: evaluationIdParamsSchema,
    response: v2FillManagersResultSchema,
  }),
  /** Admin and HR: the evaluation's nomination settings and each participant's state. */
  overview: endpoint({
    method: 'GET',
    path: '/api/evaluations-v2/:evaluationId/nominations',
    params: evaluationIdParamsSchema,
    response: v2NominationOverviewSchema,
  }),
  configure: endpoint({
    method: 'PUT',
    path: '/api/evaluations-v2/:evaluationId/nominations',
    params: evaluationIdParamsSchema,
    body: v2NominationSettingsSchema,
    response: v2NominationOverviewSchema,
  }),
  addParticipants: endpoint({
    method: 'POST',
    path: '/api/evaluations-v2/:evaluationId/nominations/participants',
    params: evaluationIdParamsSchema,
    body: v2AddParticipantsSchema,
    response: v2NominationOverviewSchema,
  }),
  removeParticipant: endpoint({
    method: 'DELETE',
    path: '/api/evaluations-v2/:evaluationId/nominations/participants/:userId',
    params: participantParamsSchema,
    response: noContent,
  }),
  /** Any logged-in user: active people by name, department or position (no e-mail). */
  people: endpoint({
    method: 'GET',
    path: '/api/nominations/people',
    query: peopleQuerySchema,
    response: peopleSchema,
  }),
  /** Any logged-in user: their own nominations and those they approve as manager. */
  mine: endpoint({
    method: 'GET',
    path: '/api/nominations/mine',
    response: v2MyNominationsSchema,
  }),
  /** The evaluatee, their manager, admin and HR. */
  get: endpoint({
    method: 'GET',
    path: '/api/nominations/:id',
    params: nominationIdParamsSchema,
    response: v2NominationSchema,
  }),
  /** The evaluatee only: saves (and with `submit` sends) their proposal until it is approved. */
  save: endpoint({
    method: 'PUT',
    path: '/api/nominations/:id',
    params: nominationIdParamsSchema,
    body: v2SaveNominationSchema,
    response: v2NominationSchema,
  }),
  /** The evaluatee's manager, admin and HR: approves (optionally changed); creates the assignments. */
  approve: endpoint({
    method: 'POST',
    path: '/api/nominations/:id/approve',
    params: nominationIdParamsSchema,
    body: v2ApproveNominationSchema,
    response: v2ApproveResultSchema,
  }),
};
