import type {
  Evaluation,
  Paged,
  ReminderResult,
  UserListRow,
  V2Evaluation,
  V2Item,
  V2MyAssignment,
} from '@evalua/contracts';

/**
 * Rows as the server sends them, for render tests: each builder gives a complete, valid row and
 * takes the fields a test cares about. The fake API parses every answer with the contract anyway.
 */

export function v2Evaluation(extra: Partial<V2Evaluation> = {}): V2Evaluation {
  return {
    id: 1,
    name: 'Evaluación 360',
    period: '2025',
    status: 'draft',
    weight_objectives: 40,
    weight_competencies: 60,
    allow_self: false,
    template_id: null,
    item_count: 3,
    assignment_count: 0,
    completed_count: 0,
    created_at: '2025-01-10T12:00:00.000Z',
    due_date: null,
    ...extra,
  };
}

export function v1Evaluation(extra: Partial<Evaluation> = {}): Evaluation {
  return {
    id: 1,
    name: 'Evaluación anual',
    period: '2025',
    category_id: 1,
    category_name: 'Administrativo',
    question_bank_id: 1,
    question_bank_name: 'Banco general',
    status: 'borrador',
    weight_competencies: 60,
    weight_objectives: 40,
    due_date: null,
    release_mode: 'al_enviar',
    released_at: null,
    ...extra,
  };
}

/** One page of rows, as the paged lists answer. */
export function page<T>(rows: T[], pageSize = 10): Paged<T> & { page: number; pageSize: number } {
  return { rows, total: rows.length, page: 1, pageSize };
}

export function reminderResult(extra: Partial<ReminderResult> = {}): ReminderResult {
  return { recipients: 3, waiting: 0, next_at: null, cooldown_hours: 24, ...extra };
}

export function v2Item(extra: Partial<V2Item> = {}): V2Item {
  return {
    id: 1,
    question_text: 'Pregunta',
    type: 'rating',
    section: 'competency',
    weight: 1,
    scale_id: null,
    scale_min: 1,
    scale_max: 5,
    scale_labels: [],
    position: 1,
    ...extra,
  };
}

export function v2MyAssignment(extra: Partial<V2MyAssignment> = {}): V2MyAssignment {
  return {
    assignment_id: 1,
    evaluation_id: 1,
    evaluation_name: 'Evaluación 360',
    period: '2025',
    evaluation_status: 'open',
    evaluatee_id: 2,
    evaluatee_name: 'Luis Gómez',
    relation: 'peer',
    assignment_status: 'pending',
    due_date: null,
    ...extra,
  };
}

export function userRow(extra: Partial<UserListRow> = {}): UserListRow {
  return {
    id: 1,
    name: 'Usuario',
    email: 'usuario@example.com',
    role: 'colaborador',
    position: null,
    department: null,
    category_id: null,
    category_name: null,
    status: true,
    manager_id: null,
    manager_name: null,
    email_confirmed: true,
    rater_standing: 'counts',
    ...extra,
  };
}
