import type {
  ItemType,
  MailKind,
  OutboxStatus,
  QuestionType,
  Relation,
  V1EvaluationStatus,
  V1ReleaseMode,
  V2AssignmentStatus,
  V2NominationStatus,
  V2NomineeRelation,
  V2Status,
} from '@evalua/contracts';
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
  /**
   * 1 while the password is one somebody else chose (admin or HR created the account or set it), 0
   * once the user set their own (migration 0008, decision 023).
   */
  password_set_by_other: ColumnType<number, number | undefined, number>;
  /**
   * 1 when a gestionhumana user chose the password (created, set or imported it) and no administrator
   * has set one since: that user's 360 answers never count toward a threshold (decision 023).
   */
  password_known_to_hr: ColumnType<number, number | undefined, number>;
  /** 1 when an administrator confirmed (or set) the address (migration 0017, decision 040). */
  email_confirmed: ColumnType<number, number | undefined, number>;
  /** 1 when the password was chosen through a link to the current address (decision 040). */
  password_via_link: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 'Reporta a': the person's manager, or null (migration 0015, decision 036). */
  manager_id: ColumnType<number | null, number | null | undefined, number | null>;
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

/** Setup and password-change attempts, reserved before any password work (decision 021). */
export interface AttemptThrottlesTable {
  id: Generated<number>;
  /** The rule: 'setup' (per address) or 'password' (per user). */
  scope: string;
  /** What the rule counts: the address, or the user id as text. */
  subject: string;
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
  /** 'borrador' | 'abierta' | 'cerrada'; at most one open per category (decision 026). */
  status: ColumnType<V1EvaluationStatus, V1EvaluationStatus | undefined, V1EvaluationStatus>;
  created_at: Timestamp;
  /** YYYY-MM-DD or null (migration 0013). */
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: created without a status, opens once ready and its category is free (migration 0022, decision 039). */
  opens_when_ready: ColumnType<number, number | undefined, number>;
  /** When the person reads a result (migration 0024, decision 050). */
  release_mode: ColumnType<V1ReleaseMode, V1ReleaseMode | undefined, V1ReleaseMode>;
  /** When HR released the whole round's results (null: not released). */
  released_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Who was told that an open evaluation has work for them (migration 0025, decision 051). */
export interface LaunchNoticesTable {
  /**
   * 'v1', 'v2': work in that evaluation; 'nominate': raters to propose in that 360 evaluation;
   * 'approve': a proposal (evaluation_id holds the nomination's id) for its evaluatee's manager;
   * 'team-results': a manager told that their team's results of that closed 360 are released to them
   * (decision 055).
   */
  kind: 'v1' | 'v2' | 'nominate' | 'approve' | 'team-results';
  evaluation_id: number;
  user_id: number;
  /** Null for those counted as told by migration 0025. */
  told_at: string | null;
}

/** A V1 round's results released to one person before the round's (migration 0024). */
export interface V1PersonReleasesTable {
  evaluation_id: number;
  collaborator_id: number;
  released_at: string;
}

/** Who was told that their V1 report is ready (once per person and evaluation). */
export interface V1ReleaseNoticesTable {
  evaluation_id: number;
  collaborator_id: number;
}

/** A V1 submission reopened to be corrected, kept as it was (decision 050). */
export interface V1SubmissionVersionsTable {
  id: Generated<number>;
  submission_id: number;
  evaluation_id: number;
  collaborator_id: number;
  evaluator_id: number;
  competencies_percentage: number | null;
  objectives_percentage: number | null;
  overall_percentage: number;
  requires_training: number;
  training_comments: string;
  /** JSON: [{ question_id, score }]. */
  answers: string;
  submitted_at: string;
  reopened_at: string;
  reopened_by: number | null;
  reason: string;
}

export interface QuestionsTable {
  id: Generated<number>;
  bank_id: number;
  question_text: string;
  question_type: QuestionType;
  created_at: Timestamp;
  /** Set when an answered question was edited (replaced by a new version) or removed. */
  retired_at: string | null;
  /** The first version's id: a new version keeps its place in the bank's order. */
  root_id: number | null;
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

export interface V2ScalesTable {
  id: Generated<number>;
  name: string;
  min_value: number;
  max_value: number;
  /** JSON array of strings. */
  labels: string;
}

export interface V2TemplatesTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased name: template names are unique case-insensitively. */
  name_key: string;
  /** The evaluation whose items this template follows while that evaluation is a draft (save_as_template). */
  source_evaluation_id: number | null;
  created_at: Timestamp;
}

/** Columns shared by template items and evaluation items. */
interface V2ItemColumns {
  id: Generated<number>;
  question_text: string;
  type: ItemType;
  section: ColumnType<QuestionType, QuestionType | undefined, QuestionType>;
  weight: number;
  scale_id: number | null;
  scale_min: ColumnType<number, number | undefined, number>;
  scale_max: ColumnType<number, number | undefined, number>;
  /** JSON array of strings. */
  scale_labels: ColumnType<string, string | undefined, string>;
  position: number;
}

export interface V2TemplateItemsTable extends V2ItemColumns {
  template_id: number;
}

export interface V2EvaluationsTable {
  id: Generated<number>;
  name: string;
  period: string;
  status: ColumnType<V2Status, V2Status | undefined, V2Status>;
  weight_objectives: number;
  weight_competencies: number;
  /** 1 allowed, 0 not. */
  allow_self: number;
  /** The template it was created from or saved as; null once that template is deleted. */
  template_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  /** YYYY-MM-DD or null (migration 0013). */
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when evaluatees propose their raters (migration 0015, decision 036). */
  nominations_enabled: ColumnType<number, number | undefined, number>;
  nominations_min: ColumnType<number | null, number | null | undefined, number | null>;
  nominations_max: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when each person's results are shared with them once closed (migration 0016, decision 038). */
  release_evaluatee: ColumnType<number, number | undefined, number>;
  /** 1 when each person's results are shared with their manager once closed. */
  release_manager: ColumnType<number, number | undefined, number>;
  /** 1: created without a status, opens once it has an item (migration 0023, decision 046). */
  opens_when_ready: ColumnType<number, number | undefined, number>;
}

/** One person's own release where it differs from the evaluation's (null: as the evaluation). */
export interface V2ResultReleasesTable {
  evaluation_id: number;
  user_id: number;
  release_evaluatee: number | null;
  release_manager: number | null;
}

/** The "your 360 results are ready" e-mail, written once per person and evaluation. */
export interface V2ReleaseNoticesTable {
  evaluation_id: number;
  user_id: number;
}

export interface V2ItemsTable extends V2ItemColumns {
  evaluation_id: number;
}

export interface V2AssignmentsTable {
  id: Generated<number>;
  evaluation_id: number;
  evaluator_id: number;
  evaluatee_id: number;
  relation: Relation;
  status: ColumnType<V2AssignmentStatus, V2AssignmentStatus | undefined, V2AssignmentStatus>;
  created_at: Timestamp;
  completed_at: Timestamp | null;
  /** Why the rater declined (status 'declined'), and when (migration 0014). */
  decline_reason: ColumnType<string | null, string | null | undefined, string | null>;
  declined_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** A rater's unsent answers for one assignment (migration 0014, decision 034). */
export interface V2DraftsTable {
  assignment_id: number;
  /** JSON array of {item_id, value, skip, comment}. */
  answers: string;
  updated_at: Timestamp;
}

export interface V2ResponsesTable {
  id: Generated<number>;
  /** One response per assignment (unique). */
  assignment_id: number;
  evaluator_id: number;
  submitted_at: Timestamp;
  /**
   * The rater's sums per section over their scored answers: Σ item weight × score and Σ item weight
   * (null when nothing in the section was scored). Written with the response (migration 0007).
   */
  competency_weighted: number | null;
  competency_weight: number | null;
  objective_weighted: number | null;
  objective_weight: number | null;
  /**
   * 0 when a results reader may know these answers (the rater could read results, or their password
   * was set by someone else, at submit): it never counts toward an anonymity threshold (decision 023).
   * 2: counts once an administrator confirms the rater's address, while the evaluation is open
   * (COUNTS_STAMP, decision 040). Only 1 counts.
   */
  counts_for_anonymity: ColumnType<number, number | undefined, number>;
}

export interface V2AnswersTable {
  id: Generated<number>;
  response_id: number;
  item_id: number;
  /** JSON of the value given ("na" for N/A). */
  value: string;
  /** 0-1; null for text and N/A answers. */
  score: number | null;
  /** 1 when N/A. */
  skip: number;
  comment: string | null;
}

export interface V2SnapshotsTable {
  id: Generated<number>;
  evaluation_id: number;
  label: string;
  notes: string | null;
  created_by: number | null;
  created_at: Timestamp;
  anonymity_min_raters: number;
  /** 1 when taken of a closed evaluation: only then do non-admins read its figures (decision 023). */
  results_released: ColumnType<number, number | undefined, number>;
  /** JSON: {full, restricted} summaries. */
  summary: string;
  /** JSON: {full, restricted} per-evaluatee results. */
  detail: string;
}

/** An e-mail on its way (migration 0013, decision 033). */
export interface OutboxTable {
  id: Generated<number>;
  kind: MailKind;
  user_id: number | null;
  to_email: string;
  to_name: string | null;
  subject: string;
  html: string;
  text: string;
  /**
   * The message's single-use link, hidden on the Correos screen from whoever may not use it; kept
   * only until the message is sent or its token ends (decision 043), then null.
   */
  link: string | null;
  /** SHA-256 of the token `link` carries, as user_tokens has it (migration 0020); null once removed. */
  token_hash: string | null;
  /** When the link was taken out of link, text and html (migration 0020); null: none removed. */
  link_removed_at: Timestamp | null;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  /** While 'enviando': the claim lapses then (an instance that died mid-send). */
  claimed_until: Timestamp | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The Message-ID every attempt carries, '<…@host>' (migration 0021; null: sent before it). */
  message_id: string | null;
  /** Set just before an attempt hands the message to the SMTP server; cleared when its end is recorded. */
  attempt_started_at: Timestamp | null;
  /** 1: an attempt began and its end was never recorded, so the message may have gone out twice. */
  possible_duplicate: ColumnType<number, number | undefined, number>;
}

/** One row the health check writes once a write failed for the store's sake (migration 0021). */
export interface StoreProbeTable {
  id: number;
  checked_at: Timestamp;
  filler: Uint8Array | null;
}

/** A single-use link's token, as SHA-256 (migration 0013). */
export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'access' | 'reset';
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface JobRunsTable {
  job: string;
  run_key: string;
  claimed_at: Timestamp;
}

/** When HR's 'Enviar recordatorio' last reached a person for an evaluation (migration 0019). */
export interface ManualRemindersTable {
  kind: 'v1' | 'v2';
  evaluation_id: number;
  user_id: number;
  sent_at: Timestamp;
}

export interface AutoRemindersTable {
  user_id: number;
  /** YYYY-MM-DD in the organisation's time zone. */
  day: string;
}

/** One evaluatee's nomination in a 360 (migration 0015, decision 036). */
export interface V2NominationsTable {
  id: Generated<number>;
  evaluation_id: number;
  evaluatee_id: number;
  status: ColumnType<V2NominationStatus, V2NominationStatus | undefined, V2NominationStatus>;
  submitted_at: Timestamp | null;
  approved_at: Timestamp | null;
  approved_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface V2NomineesTable {
  id: Generated<number>;
  nomination_id: number;
  nominee_id: number;
  relation: V2NomineeRelation;
}

/** The organisation's logo on its papers (migration 0027, decision 058): at most one row, id 1. */
export interface OrganizationLogoTable {
  id: number;
  image: Buffer;
  media_type: string;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  attempt_throttles: AttemptThrottlesTable;
  app_meta: AppMetaTable;
  audit_log: AuditLogTable;
  categories: CategoriesTable;
  question_banks: QuestionBanksTable;
  evaluations: EvaluationsTable;
  questions: QuestionsTable;
  assignments: AssignmentsTable;
  v1_submissions: V1SubmissionsTable;
  v1_person_releases: V1PersonReleasesTable;
  launch_notices: LaunchNoticesTable;
  v1_release_notices: V1ReleaseNoticesTable;
  v1_submission_versions: V1SubmissionVersionsTable;
  v1_answers: V1AnswersTable;
  v2_scales: V2ScalesTable;
  v2_templates: V2TemplatesTable;
  v2_template_items: V2TemplateItemsTable;
  v2_evaluations: V2EvaluationsTable;
  v2_items: V2ItemsTable;
  v2_assignments: V2AssignmentsTable;
  v2_drafts: V2DraftsTable;
  v2_responses: V2ResponsesTable;
  v2_answers: V2AnswersTable;
  v2_snapshots: V2SnapshotsTable;
  v2_result_releases: V2ResultReleasesTable;
  v2_release_notices: V2ReleaseNoticesTable;
  outbox: OutboxTable;
  store_probe: StoreProbeTable;
  user_tokens: UserTokensTable;
  job_runs: JobRunsTable;
  auto_reminders: AutoRemindersTable;
  manual_reminders: ManualRemindersTable;
  v2_nominations: V2NominationsTable;
  v2_nominees: V2NomineesTable;
  organization_logo: OrganizationLogoTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
