import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  ROLE_LABELS,
  type AuditAction,
  type AuditEntity,
} from '@evalua/contracts';
import { formatDecimal } from '../../i18n/format';

/** What the audit screen calls each action, record kind and field (es-DO). Unknown codes show as is. */
const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Creación',
  update: 'Modificación',
  update_with_password: 'Modificación (con contraseña)',
  delete: 'Eliminación',
  activate: 'Activación',
  deactivate: 'Desactivación',
  login: 'Inicio de sesión',
  logout: 'Cierre de sesión',
  password_change: 'Cambio de contraseña',
  setup: 'Configuración inicial',
  status_open: 'Apertura',
  status_closed: 'Cierre',
  update_items: 'Cambio de preguntas',
  assign_bulk: 'Asignación masiva',
  assign_evaluatee: 'Cambio de evaluadores',
  assign_relation: 'Cambio de relación',
  access_link: 'Envío de enlace de acceso',
  reset_link: 'Solicitud de restablecimiento',
  password_reset: 'Restablecimiento de contraseña',
  account_activation: 'Activación de cuenta',
  remind: 'Recordatorio',
  remind_auto: 'Recordatorio automático',
  decline: 'Rechazo de solicitud',
  resend: 'Reenvío de correo',
  release: 'Publicación de resultados',
  reopen: 'Reapertura para corregir',
  launch_notice: 'Aviso de inicio de evaluación',
  assign_managers: 'Asignación de jefes según «Reporta a»',
  nominations_settings: 'Configuración de nominaciones',
  nominations_participants: 'Cambio de participantes en nominaciones',
  nomination_save: 'Propuesta de evaluadores guardada',
  nomination_submit: 'Propuesta de evaluadores enviada',
  nomination_approve: 'Aprobación de nominación',
};

const ENTITY_LABELS: Record<AuditEntity, string> = {
  user: 'Usuario',
  category: 'Categoría',
  question_bank: 'Banco de preguntas',
  question: 'Pregunta',
  evaluation: 'Evaluación (V1)',
  assignment: 'Asignación (V1)',
  v1_submission: 'Evaluación realizada (V1)',
  v2_template: 'Plantilla 360',
  v2_evaluation: 'Evaluación 360',
  v2_response: 'Respuesta 360',
  v2_assignment: 'Asignación 360',
  v2_snapshot: 'Snapshot 360',
  outbox: 'Correo',
  v2_nomination: 'Nominación 360',
  organization: 'Organización',
};

const FIELD_LABELS: Record<string, string> = {
  id: 'Identificador',
  name: 'Nombre',
  email: 'Correo electrónico',
  role: 'Rol',
  position: 'Puesto',
  department: 'Departamento',
  category_id: 'Categoría (id)',
  category_name: 'Categoría',
  status: 'Estado',
  description: 'Descripción',
  question_text: 'Texto de la pregunta',
  question_type: 'Tipo de pregunta',
  bank_id: 'Banco (id)',
  question_bank_id: 'Banco de preguntas (id)',
  question_bank_name: 'Banco de preguntas',
  period: 'Periodo',
  weight_objectives: 'Peso de objetivos',
  weight_competencies: 'Peso de competencias',
  evaluator_id: 'Evaluador (id)',
  collaborator_id: 'Colaborador (id)',
  evaluatee_id: 'Evaluado (id)',
  evaluation_id: 'Evaluación (id)',
  assignment_id: 'Asignación (id)',
  template_id: 'Plantilla (id)',
  source_evaluation_id: 'Evaluación de origen (id)',
  from_template_id: 'Plantilla de origen (id)',
  from_evaluation_id: 'Evaluación de origen (id)',
  allow_self: 'Permite autoevaluación',
  label: 'Etiqueta',
  notes: 'Notas',
  created_at: 'Creado',
  created_by: 'Creado por (id)',
  answers: 'Respuestas',
  responses: 'Respuestas',
  training: 'Capacitación',
  items: 'Preguntas',
  removed: 'Quitados',
  added_assignment_ids: 'Asignaciones añadidas (id)',
  assignment_ids: 'Asignaciones (id)',
  inserted_count: 'Asignaciones creadas',
  requested: 'Solicitadas',
  templates_updated: 'Plantillas actualizadas',
  evaluations_unlinked: 'Evaluaciones desvinculadas',
  competency_pct: '% competencias',
  objective_pct: '% objetivos',
  overall_pct: '% global',
  decline_reason: 'Motivo del rechazo',
  manager_id: 'Reporta a (id)',
  manager_name: 'Reporta a',
  nominees: 'Evaluadores propuestos',
  created_count: 'Asignaciones creadas',
};

export function actionLabel(action: string): string {
  return (ACTION_LABELS as Record<string, string>)[action] ?? action;
}

export function entityLabel(entity: string): string {
  return (ENTITY_LABELS as Record<string, string>)[entity] ?? entity;
}

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

export const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] }));
export const ENTITY_OPTIONS = AUDIT_ENTITIES.map((value) => ({ value, label: ENTITY_LABELS[value] })).sort(
  (a, b) => a.label.localeCompare(b.label, 'es'),
);

/** One stored value as a person reads it. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') {
    if (field === 'status') return value ? 'Activo' : 'Inactivo';
    return value ? 'Sí' : 'No';
  }
  if (field === 'role' && typeof value === 'string' && value in ROLE_LABELS) {
    return ROLE_LABELS[value as keyof typeof ROLE_LABELS];
  }
  if (typeof value === 'number') return formatDecimal(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
    return value.length === 0 ? '(ninguno)' : value.map((v) => formatValue('', v)).join(', ');
  }
  return JSON.stringify(value);
}

export interface DiffLine {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

/** A stored before/after as field → value (a list becomes #1, #2…; anything else one "Valor" line). */
function fields(value: unknown): Map<string, unknown> {
  if (value === null || value === undefined) return new Map();
  if (Array.isArray(value)) return new Map(value.map((v, i) => [`#${i + 1}`, v]));
  if (typeof value === 'object') return new Map(Object.entries(value as Record<string, unknown>));
  return new Map([['Valor', value]]);
}

/** Field by field, before and after, in the order the fields first appear; `changed` marks differences. */
export function diffLines(before: unknown, after: unknown): DiffLine[] {
  const b = fields(before);
  const a = fields(after);
  const keys = [...new Set([...b.keys(), ...a.keys()])];
  return keys.map((key) => {
    const was = b.has(key) ? formatValue(key, b.get(key)) : '—';
    const now = a.has(key) ? formatValue(key, a.get(key)) : '—';
    return { field: fieldLabel(key), before: was, after: now, changed: was !== now };
  });
}
