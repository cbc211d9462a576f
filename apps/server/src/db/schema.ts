import type { QuestionType } from '@evalua/contracts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are ISO-8601 UTC strings (fixed width, so they sort and compare as text on both engines). */
export type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  password_hash: string | null;
  role: string;
  position: string | null;
  department: string | null;
  category_id: number | null;
  /** 1 active, 0 inactive. */
  active: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a database leak does not yield usable cookies. */
  id: string;
  user_id: number;
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: Timestamp;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  before_json: string | null;
  after_json: string | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased name: makes "Docentes" and "docentes" the same category. */
  name_key: string;
}

export interface QuestionBanksTable {
  id: Generated<number>;
  name: string;
  description: string | null;
}

export interface EvaluationsTable {
  id: Generated<number>;
  name: string;
  period: string;
  weight_objectives: number;
  weight_competencies: number;
  category_id: number;
  question_bank_id: number | null;
  created_at: Timestamp;
}

export interface QuestionsTable {
  id: Generated<number>;
  bank_id: number;
  question_text: string;
  question_type: QuestionType;
  created_at: Timestamp;
}

export interface AssignmentsTable {
  id: Generated<number>;
  evaluator_id: number;
  collaborator_id: number;
  created_at: Timestamp;
}

export interface V1SubmissionsTable {
  id: Generated<number>;
  evaluation_id: number;
  collaborator_id: number;
  evaluator_id: number;
  competencies_percentage: number | null;
  objectives_percentage: number | null;
  overall_percentage: number;
  requires_training: number;
  training_comments: string;
  created_at: Timestamp;
}

export interface V1AnswersTable {
  id: Generated<number>;
  submission_id: number;
  question_id: number;
  score: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  app_meta: AppMetaTable;
  audit_log: AuditLogTable;
  categories: CategoriesTable;
  question_banks: QuestionBanksTable;
  evaluations: EvaluationsTable;
  questions: QuestionsTable;
  assignments: AssignmentsTable;
  v1_submissions: V1SubmissionsTable;
  v1_answers: V1AnswersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
