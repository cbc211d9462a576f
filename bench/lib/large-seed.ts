import {
  v1Percentages,
  v2AnswerScore,
  v2SectionSums,
  type ItemType,
  type QuestionType,
  type Relation,
  type Status3,
} from '@evalua/contracts';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../../apps/server/src/auth/passwords';
import type { Engine } from '../../apps/server/src/db/connection';
import type { Database } from '../../apps/server/src/db/schema';
import { ADMIN } from './app-process';
import { PASSWORD } from './rounds';

/**
 * A school district in one go (`npm run seed:large`): people, V1 rounds with every submission, and an
 * open 360 evaluation half answered — written straight into a migrated, empty database with batched
 * multi-row INSERTs inside one transaction, ids chosen here (so no row has to be read back), the
 * figures computed with the contracts' own scoring functions. Deterministic for a given size.
 */

/** Bump when the seed's content changes: the benchmark re-seeds a cached database of another version. */
export const LARGE_SEED_VERSION = 3;
/** app_meta key holding the seed's description (written last: its presence means the seed completed). */
export const LARGE_SEED_META_KEY = 'bench_large_seed';

export interface LargeSeedInfo {
  version: number;
  staff: number;
  evaluators: number;
  hr: number;
  password: string;
  adminEmail: string;
  /** The current V1 evaluation of each category (each has one submission per staff member). */
  v1EvaluationIds: number[];
  v2EvaluationId: number;
  counts: Record<string, number>;
}

/** Row counts of a district with `staff` staff members. */
export function districtSize(staff: number) {
  return {
    staff,
    evaluators: Math.max(3, Math.round(staff * 0.03)),
    hr: Math.max(2, Math.min(10, Math.round(staff / 1000))),
    questionsPerBank: 30,
    v2Items: 20,
    ratersPerEvaluatee: 6,
  };
}

/** mulberry32: a small deterministic PRNG (the same district for the same size, run after run). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// prettier-ignore
const FIRST = [
  'María', 'José', 'Ana', 'Luis', 'Carmen', 'Juan', 'Rosa', 'Pedro', 'Altagracia', 'Rafael',
  'Yokasta', 'Miguel', 'Francisca', 'Ramón', 'Mercedes', 'Julio', 'Ysabel', 'Manuel', 'Dulce', 'Héctor',
  'Milagros', 'Francisco', 'Yolanda', 'Ángel', 'Maribel', 'Wilson', 'Esperanza', 'Félix', 'Rocío', 'Domingo',
  'Luz', 'Andrés', 'Teresa', 'Santiago', 'Nelly', 'Radhamés', 'Gloria', 'Víctor', 'Marisol', 'Eduardo',
];
// prettier-ignore
const LAST = [
  'Rodríguez', 'Pérez', 'Martínez', 'García', 'Santana', 'Reyes', 'Núñez', 'Jiménez', 'Peña', 'Fernández',
  'Almonte', 'Báez', 'Castillo', 'De la Cruz', 'Guzmán', 'Tavárez', 'Polanco', 'Vásquez', 'Mejía', 'Cabrera',
  'Ramírez', 'Sánchez', 'Díaz', 'Hernández', 'Gómez', 'Rosario', 'Batista', 'Encarnación', 'Mateo', 'Féliz',
  'Medina', 'Florentino', 'Ureña', 'Cuevas', 'Brito', 'Paulino', 'Marte', 'Abreu', 'Ventura', 'Suero',
];

/** Each category's share of the staff, its departments (position, department) and its V1 weights. */
const CATEGORIES = [
  {
    name: 'Docentes',
    share: 0.6,
    bank: 'Banco de desempeño docente',
    evaluation: 'Evaluación de desempeño docente',
    weights: { weight_competencies: 60, weight_objectives: 40 },
    jobs: [
      ['Docente de Matemáticas', 'Matemáticas'],
      ['Docente de Lengua Española', 'Lengua Española'],
      ['Docente de Ciencias Naturales', 'Ciencias Naturales'],
      ['Docente de Ciencias Sociales', 'Ciencias Sociales'],
      ['Docente de Inglés', 'Lenguas Extranjeras'],
      ['Docente de Educación Física', 'Educación Física'],
      ['Docente de Educación Artística', 'Educación Artística'],
    ],
  },
  {
    name: 'Administrativos',
    share: 0.25,
    bank: 'Banco de desempeño administrativo',
    evaluation: 'Evaluación de desempeño administrativo',
    weights: { weight_competencies: 50, weight_objectives: 50 },
    jobs: [
      ['Secretaria docente', 'Secretaría'],
      ['Contador', 'Administración'],
      ['Orientadora', 'Orientación y Psicología'],
      ['Bibliotecaria', 'Biblioteca'],
    ],
  },
  {
    name: 'Personal de apoyo',
    share: 0.15,
    bank: 'Banco de desempeño del personal de apoyo',
    evaluation: 'Evaluación del personal de apoyo',
    weights: { weight_competencies: 70, weight_objectives: 30 },
    jobs: [
      ['Conserje', 'Mantenimiento'],
      ['Portero', 'Seguridad'],
      ['Auxiliar de cocina', 'Alimentación escolar'],
    ],
  },
] as const;

const COMPETENCIES = [
  'Planifica su trabajo con objetivos claros',
  'Mantiene un trato respetuoso con estudiantes, familias y colegas',
  'Cumple los plazos acordados',
  'Comunica de forma oportuna y cordial',
  'Colabora con su equipo y comparte lo que sabe',
  'Resuelve los problemas de su área con iniciativa',
];
const OBJECTIVES = [
  'Cumplió el plan anual de su área',
  'Completó las horas de formación continua previstas',
  'Alcanzó las metas de servicio acordadas',
  'Redujo las incidencias registradas en su área',
];
const TRAINING = [
  'Buen desempeño; mantener el acompañamiento del coordinador.',
  'Se recomienda un taller de planificación y evaluación formativa.',
  'Reforzar la comunicación con las familias.',
  'Necesita formación en herramientas digitales para el aula.',
  'Cumple con lo esperado; sin observaciones.',
];

/** The 360 evaluation's 20 items: [type, section, scale name or null, weight, text]. */
const V2_ITEMS: Array<[ItemType, QuestionType, string | null, number, string]> = [
  ['rating', 'competency', 'Frecuencia (1-5)', 2, 'Planifica sus clases con objetivos claros.'],
  ['rating', 'competency', 'Frecuencia (1-5)', 1, 'Mantiene un clima de respeto en el aula.'],
  ['rating', 'competency', 'Frecuencia (1-5)', 1, 'Retroalimenta el trabajo de sus estudiantes.'],
  ['rating', 'competency', 'Acuerdo (1-5)', 1, 'Trabaja en equipo con sus colegas.'],
  ['rating', 'competency', 'Acuerdo (1-5)', 1, 'Escucha y considera otras opiniones.'],
  ['rating', 'competency', 'Acuerdo (1-5)', 2, 'Comunica con claridad lo que espera de los demás.'],
  ['rating', 'competency', 'Frecuencia (1-5)', 1, 'Llega puntual a sus compromisos.'],
  ['rating', 'competency', 'Desempeño (1-4)', 2, 'Domina los contenidos de su área.'],
  ['yes_no', 'competency', null, 1, 'Participa en las reuniones de su departamento.'],
  ['yes_no', 'competency', null, 1, 'Cumple las normas de convivencia del centro.'],
  ['status_3', 'competency', null, 1, 'Aplica lo aprendido en las formaciones.'],
  ['rating', 'competency', 'Acuerdo (1-5)', 1, 'Propone mejoras para su área.'],
  ['rating', 'objective', 'Desempeño (1-4)', 2, 'Logro de los aprendizajes esperados.'],
  ['rating', 'objective', 'Desempeño (1-4)', 1, 'Avance del plan de mejora del centro.'],
  ['status_3', 'objective', null, 1, 'Entregó la planificación anual a tiempo.'],
  ['status_3', 'objective', null, 1, 'Completó los registros de evaluación del período.'],
  ['yes_no', 'objective', null, 1, 'Cumplió las horas de formación previstas.'],
  ['rating', 'objective', 'Desempeño (1-4)', 1, 'Resultados de sus estudiantes en las pruebas del distrito.'],
  ['text', 'competency', null, 0, 'Fortalezas observadas.'],
  ['text', 'competency', null, 0, 'Aspectos a mejorar.'],
];
const V2_TEXTS = [
  'Muy comprometida con su trabajo y con los estudiantes.',
  'Ayuda a sus colegas cuando lo necesitan.',
  'Podría organizar mejor su tiempo.',
  'Comunica con claridad y respeto.',
  'Debe entregar los registros a tiempo.',
  'Propone actividades creativas.',
];
const V2_COMMENTS = ['Lo he visto en varias ocasiones.', 'Mejoró mucho este año.', 'Depende del día.'];
const STATUS3: Status3[] = ['no_logrado', 'proceso', 'logrado'];

const DAY_MS = 86_400_000;
const BASE_TIME = Date.UTC(2026, 2, 2, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/** Bound parameters per statement: SQLite's limit is 32,766, PostgreSQL's 65,535. */
const PARAM_BUDGET: Record<Engine, number> = { sqlite: 32_000, postgres: 65_000 };
/** Rows per statement, at most (larger statements stop paying off). */
const MAX_ROWS = 5_000;

type TableName = keyof Database;

/** Multi-row INSERTs of `rows`, in chunks that fit the engine's parameter limit. */
async function insertAll<T extends TableName>(
  db: Kysely<Database>,
  engine: Engine,
  table: T,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).length;
  const chunk = Math.max(1, Math.min(MAX_ROWS, Math.floor(PARAM_BUDGET[engine] / columns)));
  for (let i = 0; i < rows.length; i += chunk) {
    // The row shapes are the tables' own (checked where each array is built); ids are explicit.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
  }
}

/**
 * Streams rows through `insertAll` in blocks, so that a million answers never sit in memory at once.
 * A block's parent rows (foreign keys) are written first.
 */
class Batcher {
  private rows: Array<Record<string, unknown>> = [];
  count = 0;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly table: TableName,
    private readonly block = 20_000,
    private readonly parent?: Batcher,
  ) {}
  async add(row: Record<string, unknown>): Promise<void> {
    this.rows.push(row);
    this.count += 1;
    if (this.rows.length >= this.block) await this.flush();
  }
  async flush(): Promise<void> {
    await this.parent?.flush();
    const rows = this.rows;
    this.rows = [];
    await insertAll(this.db, this.engine, this.table, rows);
  }
}

async function nextId(db: Kysely<Database>, table: TableName): Promise<number> {
  const row = await sql<{ m: number | null }>`select max(id) as m from ${sql.table(table)}`.execute(db);
  return Number(row.rows[0]?.m ?? 0) + 1;
}

/** True when the database holds no row a person made (a freshly migrated database). */
export async function isEmptyDatabase(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

export async function readSeedInfo(db: Kysely<Database>): Promise<LargeSeedInfo | undefined> {
  try {
    const row = await db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', LARGE_SEED_META_KEY)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as LargeSeedInfo) : undefined;
  } catch {
    return undefined; // not migrated: no seed
  }
}

/**
 * Fills a freshly migrated database with a district of `staff` staff members. Everything happens in
 * one transaction; the description (app_meta) is its last row.
 */
export async function seedLargeDistrict(
  db: Kysely<Database>,
  engine: Engine,
  staff: number,
  log: (line: string) => void = () => undefined,
): Promise<LargeSeedInfo> {
  if (!(await isEmptyDatabase(db))) throw new Error('the database is not empty: the seed needs a fresh one');
  const size = districtSize(staff);
  const rand = prng(20260302 + staff);
  const [passwordHash, adminHash] = await Promise.all([hashPassword(PASSWORD), hashPassword(ADMIN.password)]);
  const counts: Record<string, number> = {};
  let lap = performance.now();
  /** Logs a table's row count; the time is the phase's, on the phase's last table. */
  const step = (what: string, n: number, endsPhase = true) => {
    counts[what] = n;
    const now = performance.now();
    const took = endsPhase ? `  ${((now - lap) / 1000).toFixed(1)} s` : '';
    log(`  ${what.padEnd(16)} ${n.toLocaleString('en').padStart(9)}${took}`);
    if (endsPhase) lap = now;
  };

  const info = await db.transaction().execute(async (trx) => {
    const created = iso(BASE_TIME - 120 * DAY_MS);

    // Categories, banks of 30 questions, one current V1 evaluation per category.
    const ids = {
      category: await nextId(trx, 'categories'),
      bank: await nextId(trx, 'question_banks'),
      question: await nextId(trx, 'questions'),
      evaluation: await nextId(trx, 'evaluations'),
    };
    const categories = CATEGORIES.map((c, i) => ({
      ...c,
      id: ids.category + i,
      bankId: ids.bank + i,
      evaluationId: ids.evaluation + i,
      questions: [] as Array<{ id: number; question_type: QuestionType }>,
    }));
    const questionRows: Array<Record<string, unknown>> = [];
    let questionId = ids.question;
    for (const c of categories) {
      for (let q = 0; q < size.questionsPerBank; q += 1) {
        const competency = q < size.questionsPerBank * 0.6;
        const list = competency ? COMPETENCIES : OBJECTIVES;
        const n = competency ? q : q - Math.ceil(size.questionsPerBank * 0.6);
        const question_type: QuestionType = competency ? 'competency' : 'objective';
        c.questions.push({ id: questionId, question_type });
        questionRows.push({
          id: questionId,
          bank_id: c.bankId,
          question_text: `${list[n % list.length]} (indicador ${Math.floor(n / list.length) + 1}).`,
          question_type,
          created_at: created,
        });
        questionId += 1;
      }
    }
    await insertAll(
      trx,
      engine,
      'categories',
      categories.map((c) => ({ id: c.id, name: c.name, name_key: c.name.toLocaleLowerCase('es') })),
    );
    await insertAll(
      trx,
      engine,
      'question_banks',
      categories.map((c) => ({
        id: c.bankId,
        name: c.bank,
        description: `Banco de ${c.name.toLowerCase()}.`,
      })),
    );
    await insertAll(trx, engine, 'questions', questionRows);
    await insertAll(
      trx,
      engine,
      'evaluations',
      categories.map((c) => ({
        id: c.evaluationId,
        name: `${c.evaluation} 2025-2026`,
        period: '2025-2026',
        ...c.weights,
        category_id: c.id,
        question_bank_id: c.bankId,
        status: 'abierta',
        created_at: created,
      })),
    );
    step('categories', categories.length, false);
    step('questions', questionRows.length);

    // People: the admin, HR, evaluators (coordinators), staff. Staff come in category/department
    // order and each evaluator coordinates a run of them, mostly one department.
    let userId = await nextId(trx, 'users');
    const adminId = userId++;
    const users: Array<Record<string, unknown>> = [];
    const person = (
      id: number,
      role: string,
      name: string,
      email: string,
      extra: Record<string, unknown>,
    ) => ({
      id,
      name,
      email,
      password_hash: passwordHash,
      role,
      position: null,
      department: null,
      category_id: null,
      active: 1,
      created_at: created,
      updated_at: created,
      ...extra,
    });
    const nameOf = () =>
      `${FIRST[Math.floor(rand() * FIRST.length)]} ${LAST[Math.floor(rand() * LAST.length)]} ${LAST[Math.floor(rand() * LAST.length)]}`;
    const emailOf = (name: string, i: number) => {
      const parts = name
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z ]/g, '')
        .split(/\s+/);
      return `${parts[0]}.${parts[1]}${i}@distrito.edu.do`;
    };
    users.push(
      person(adminId, 'admin', 'Altagracia Mejía Rosario', ADMIN.email, {
        password_hash: adminHash,
        position: 'Directora distrital',
        department: 'Dirección',
      }),
    );
    for (let i = 0; i < size.hr; i += 1) {
      const name = nameOf();
      users.push(
        person(userId++, 'gestionhumana', name, `rrhh${i + 1}@distrito.edu.do`, {
          position: 'Analista de Gestión Humana',
          department: 'Gestión Humana',
        }),
      );
    }
    // Staff, in category then department order.
    const staffRows: Array<{ id: number; category: (typeof categories)[number]; department: string }> = [];
    const staffStart = userId + size.evaluators;
    let s = 0;
    for (const [ci, c] of categories.entries()) {
      const n = ci === categories.length - 1 ? staff - s : Math.round(staff * c.share);
      for (let k = 0; k < n; k += 1) {
        const [position, department] = c.jobs[Math.floor((k * c.jobs.length) / n)]!;
        const id = staffStart + s;
        const name = nameOf();
        staffRows.push({ id, category: c, department });
        users.push(
          person(id, 'colaborador', name, emailOf(name, s + 1), { position, department, category_id: c.id }),
        );
        s += 1;
      }
    }
    // Evaluators: evaluator e coordinates staff [e·N/E, (e+1)·N/E).
    const evaluatorOf = (staffIndex: number) => Math.floor((staffIndex * size.evaluators) / staff);
    const blockOf = (e: number) => ({
      from: Math.ceil((e * staff) / size.evaluators),
      to: Math.ceil(((e + 1) * staff) / size.evaluators),
    });
    const evaluatorIds: number[] = [];
    for (let e = 0; e < size.evaluators; e += 1) {
      const first = staffRows[blockOf(e).from]!;
      const name = nameOf();
      evaluatorIds.push(userId);
      users.push(
        person(userId++, 'evaluador', name, `coordinacion${e + 1}@distrito.edu.do`, {
          position: `Coordinador(a) de ${first.department}`,
          department: first.department,
        }),
      );
    }
    await insertAll(trx, engine, 'users', users);
    step('users', users.length);

    // V1 assignments: each staff member to their coordinator.
    let assignmentId = await nextId(trx, 'assignments');
    await insertAll(
      trx,
      engine,
      'assignments',
      staffRows.map((p, i) => ({
        id: assignmentId++,
        evaluator_id: evaluatorIds[evaluatorOf(i)]!,
        collaborator_id: p.id,
        created_at: created,
      })),
    );
    step('assignments', staffRows.length);

    // V1 submissions: every staff member evaluated by their coordinator, 30 answers, training.
    let submissionId = await nextId(trx, 'v1_submissions');
    let v1AnswerId = await nextId(trx, 'v1_answers');
    let auditId = await nextId(trx, 'audit_log');
    const submissions = new Batcher(trx, engine, 'v1_submissions', 5_000);
    const v1Answers = new Batcher(trx, engine, 'v1_answers', 20_000, submissions);
    const audits = new Batcher(trx, engine, 'audit_log', 5_000);
    for (const [i, p] of staffRows.entries()) {
      const c = p.category;
      const level = 1.6 + rand() * 2.4; // a person's usual score, 1.6-4
      const responses = c.questions.map((q) => ({
        question_id: q.id,
        score: Math.max(1, Math.min(4, Math.round(level + (rand() - 0.5) * 1.5))),
      }));
      const figures = v1Percentages(
        responses.map((r, k) => ({ question_type: c.questions[k]!.question_type, score: r.score })),
        c.weights,
      );
      const requires = figures.overall_percentage < 65 || rand() < 0.08;
      const comments = TRAINING[requires ? 1 + Math.floor(rand() * 3) : rand() < 0.5 ? 0 : 4]!;
      const at = iso(BASE_TIME - 60 * DAY_MS + Math.floor(rand() * 55 * DAY_MS));
      const evaluatorId = evaluatorIds[evaluatorOf(i)]!;
      const id = submissionId++;
      await submissions.add({
        id,
        evaluation_id: c.evaluationId,
        collaborator_id: p.id,
        evaluator_id: evaluatorId,
        ...figures,
        requires_training: requires ? 1 : 0,
        training_comments: comments,
        created_at: at,
      });
      for (const r of responses) await v1Answers.add({ id: v1AnswerId++, submission_id: id, ...r });
      const result = { id, evaluation_id: c.evaluationId, collaborator_id: p.id, evaluator_id: evaluatorId };
      await audits.add({
        id: auditId++,
        user_id: evaluatorId,
        action: 'create',
        entity: 'v1_submission',
        entity_id: id,
        before_json: null,
        after_json: JSON.stringify({
          ...result,
          ...figures,
          training: { requires_training: requires, comments },
          responses,
        }),
        ip: '10.0.0.20',
        created_at: at,
      });
    }
    await submissions.flush();
    await v1Answers.flush();
    step('v1_submissions', submissions.count, false);
    step('v1_answers', v1Answers.count);

    // The open 360 evaluation, its 20 items.
    const scales = await trx
      .selectFrom('v2_scales')
      .select(['id', 'name', 'min_value', 'max_value', 'labels'])
      .execute();
    const v2EvaluationId = await nextId(trx, 'v2_evaluations');
    await insertAll(trx, engine, 'v2_evaluations', [
      {
        id: v2EvaluationId,
        name: 'Evaluación 360 del distrito 2026',
        period: '2026',
        status: 'open',
        weight_objectives: 40,
        weight_competencies: 60,
        allow_self: 1,
        template_id: null,
        created_by: adminId,
        created_at: iso(BASE_TIME - 30 * DAY_MS),
      },
    ]);
    let itemId = await nextId(trx, 'v2_items');
    const items = V2_ITEMS.map(([type, section, scaleName, weight, text], position) => {
      const scale = scaleName === null ? undefined : scales.find((x) => x.name === scaleName);
      if (scaleName !== null && !scale) throw new Error(`scale "${scaleName}" is missing (migration 0004)`);
      return {
        id: itemId++,
        evaluation_id: v2EvaluationId,
        question_text: text,
        type,
        section,
        weight,
        scale_id: scale?.id ?? null,
        scale_min: scale?.min_value ?? 1,
        scale_max: scale?.max_value ?? 5,
        scale_labels: scale?.labels ?? '[]',
        position,
      };
    });
    await insertAll(trx, engine, 'v2_items', items);
    step('v2_items', items.length);

    // 360 assignments: per evaluatee, themself, their coordinator and 4 peers of the same run; about
    // half answered (response, 20 answers scored by v2AnswerScore, an audit entry).
    let v2AssignmentId = await nextId(trx, 'v2_assignments');
    let responseId = await nextId(trx, 'v2_responses');
    let v2AnswerId = await nextId(trx, 'v2_answers');
    const v2Assignments = new Batcher(trx, engine, 'v2_assignments');
    const responses = new Batcher(trx, engine, 'v2_responses', 20_000, v2Assignments);
    const v2Answers = new Batcher(trx, engine, 'v2_answers', 40_000, responses);
    const assignedAt = iso(BASE_TIME - 29 * DAY_MS);
    for (const [i, p] of staffRows.entries()) {
      const e = evaluatorOf(i);
      const block = blockOf(e);
      const width = block.to - block.from;
      const peerIndex = (k: number) =>
        width > 5 ? block.from + ((i - block.from + k) % width) : (i + k) % staff;
      const raters: Array<[number, Relation]> = [
        [p.id, 'self'],
        [evaluatorIds[e]!, 'manager'],
        ...[1, 2, 3, 4].map((k): [number, Relation] => [staffRows[peerIndex(k)]!.id, 'peer']),
      ];
      const level = rand();
      for (const [raterId, relation] of raters) {
        const id = v2AssignmentId++;
        const answered = rand() < 0.5;
        const at = iso(BASE_TIME - 28 * DAY_MS + Math.floor(rand() * 27 * DAY_MS));
        await v2Assignments.add({
          id,
          evaluation_id: v2EvaluationId,
          evaluator_id: raterId,
          evaluatee_id: p.id,
          relation,
          status: answered ? 'completed' : 'pending',
          created_at: assignedAt,
          completed_at: answered ? at : null,
        });
        if (!answered) continue;
        const rid = responseId++;
        const answers = items.map((item) => {
          const skip = item.type !== 'text' && rand() < 0.03;
          const x = Math.min(0.999, Math.max(0, level + (rand() - 0.5) * 0.6));
          const value: number | boolean | string = skip
            ? 'na'
            : item.type === 'rating'
              ? item.scale_min + Math.floor(x * (item.scale_max - item.scale_min + 1))
              : item.type === 'yes_no'
                ? x >= 0.35
                : item.type === 'status_3'
                  ? STATUS3[Math.floor(x * 3)]!
                  : V2_TEXTS[Math.floor(rand() * V2_TEXTS.length)]!;
          return {
            id: v2AnswerId++,
            response_id: rid,
            item_id: item.id,
            value: JSON.stringify(value),
            score: v2AnswerScore(item, { value, skip }),
            skip: skip ? 1 : 0,
            comment: rand() < 0.05 ? V2_COMMENTS[Math.floor(rand() * V2_COMMENTS.length)]! : null,
          };
        });
        // The rater's sums per section, as the submit stores them (migration 0007).
        const sums = v2SectionSums(
          answers.map((a, k) => ({ section: items[k]!.section, weight: items[k]!.weight, score: a.score })),
        );
        await responses.add({
          id: rid,
          assignment_id: id,
          evaluator_id: raterId,
          submitted_at: at,
          competency_weighted: sums.competency?.weighted ?? null,
          competency_weight: sums.competency?.weight ?? null,
          objective_weighted: sums.objective?.weighted ?? null,
          objective_weight: sums.objective?.weight ?? null,
        });
        for (const a of answers) await v2Answers.add(a);
        await audits.add({
          id: auditId++,
          user_id: raterId,
          action: 'create',
          entity: 'v2_response',
          entity_id: rid,
          before_json: null,
          after_json: JSON.stringify({
            assignment_id: id,
            evaluation_id: v2EvaluationId,
            answers: items.length,
          }),
          ip: '10.0.0.21',
          created_at: at,
        });
      }
    }
    await v2Assignments.flush();
    await responses.flush();
    await v2Answers.flush();
    await audits.flush();
    step('v2_assignments', v2Assignments.count, false);
    step('v2_responses', responses.count, false);
    step('v2_answers', v2Answers.count, false);
    step('audit_log', audits.count);

    if (engine === 'postgres') {
      // Explicit ids leave the serial sequences behind: move each past its table's largest id.
      for (const table of [
        'users',
        'categories',
        'question_banks',
        'questions',
        'evaluations',
        'assignments',
        'v1_submissions',
        'v1_answers',
        'v2_evaluations',
        'v2_items',
        'v2_assignments',
        'v2_responses',
        'v2_answers',
        'audit_log',
      ] as const) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
          trx,
        );
      }
    }
    const seeded: LargeSeedInfo = {
      version: LARGE_SEED_VERSION,
      staff,
      evaluators: size.evaluators,
      hr: size.hr,
      password: PASSWORD,
      adminEmail: ADMIN.email,
      v1EvaluationIds: categories.map((c) => c.evaluationId),
      v2EvaluationId,
      counts,
    };
    await trx
      .insertInto('app_meta')
      .values({ key: LARGE_SEED_META_KEY, value: JSON.stringify(seeded) })
      .execute();
    return seeded;
  });
  if (engine === 'postgres') {
    // What autovacuum would do soon after such a load: fresh planner statistics.
    await sql`analyze`.execute(db);
    log('  analyze done');
  }
  return info;
}
