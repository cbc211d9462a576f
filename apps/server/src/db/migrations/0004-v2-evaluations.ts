import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../connection';
import { withId } from './helpers';

/**
 * 360 evaluations (V2), part 1: rating scales, templates, evaluations, their items and the
 * evaluator→evaluatee assignments. Answers and snapshots arrive with their own migration; an
 * assignment's status (pending|completed) and completed_at are ready for them.
 * Seeds the Spanish scales and two ready templates for schools.
 */
export function v2Evaluations(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('v2_scales'), engine)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('min_value', 'integer', (c) => c.notNull())
        .addColumn('max_value', 'integer', (c) => c.notNull())
        // JSON array of strings, one label per point of the scale (may be empty).
        .addColumn('labels', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();

      await withId(db.schema.createTable('v2_templates'), engine)
        .addColumn('name', 'text', (c) => c.notNull())
        // Lower-cased name: "Docentes" and "docentes" are the same template.
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('v2_evaluations'), engine)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('weight_objectives', 'double precision', (c) => c.notNull())
        .addColumn('weight_competencies', 'double precision', (c) => c.notNull())
        .addColumn('allow_self', 'integer', (c) => c.notNull().defaultTo(0))
        // The template it was created from or saved as; cleared when that template is deleted.
        .addColumn('template_id', 'integer', (c) => c.references('v2_templates.id').onDelete('set null'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('restrict'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('v2_evaluations_status_ck', sql`status in ('draft', 'open', 'closed')`)
        .execute();
      await db.schema
        .createIndex('v2_evaluations_template_idx')
        .on('v2_evaluations')
        .column('template_id')
        .execute();

      // A template saved from an evaluation follows that evaluation's items while it is a draft.
      await db.schema
        .alterTable('v2_templates')
        .addColumn('source_evaluation_id', 'integer', (c) =>
          c.references('v2_evaluations.id').onDelete('set null'),
        )
        .execute();
      await db.schema
        .createIndex('v2_templates_source_idx')
        .on('v2_templates')
        .column('source_evaluation_id')
        .execute();

      // Template items and evaluation items share their columns.
      const itemTable = (name: 'v2_template_items' | 'v2_items', parent: string, parentTable: string) =>
        withId(db.schema.createTable(name), engine)
          .addColumn(parent, 'integer', (c) =>
            c.notNull().references(`${parentTable}.id`).onDelete('cascade'),
          )
          .addColumn('question_text', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('section', 'text', (c) => c.notNull().defaultTo('competency'))
          .addColumn('weight', 'double precision', (c) => c.notNull().defaultTo(1))
          .addColumn('scale_id', 'integer', (c) => c.references('v2_scales.id').onDelete('restrict'))
          .addColumn('scale_min', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('scale_max', 'integer', (c) => c.notNull().defaultTo(5))
          // JSON array of strings.
          .addColumn('scale_labels', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
          .addCheckConstraint(`${name}_type_ck`, sql`type in ('rating', 'yes_no', 'status_3', 'text')`)
          .addCheckConstraint(`${name}_section_ck`, sql`section in ('competency', 'objective')`);

      await itemTable('v2_template_items', 'template_id', 'v2_templates').execute();
      await db.schema
        .createIndex('v2_template_items_template_idx')
        .on('v2_template_items')
        .columns(['template_id', 'position'])
        .execute();

      await itemTable('v2_items', 'evaluation_id', 'v2_evaluations').execute();
      await db.schema
        .createIndex('v2_items_evaluation_idx')
        .on('v2_items')
        .columns(['evaluation_id', 'position'])
        .execute();

      await withId(db.schema.createTable('v2_assignments'), engine)
        .addColumn('evaluation_id', 'integer', (c) =>
          c.notNull().references('v2_evaluations.id').onDelete('cascade'),
        )
        .addColumn('evaluator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('evaluatee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
        .addColumn('relation', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        // One assignment per (evaluation, evaluator, evaluatee), even under concurrent batches.
        .addUniqueConstraint('v2_assignments_pair_uq', ['evaluation_id', 'evaluator_id', 'evaluatee_id'])
        .addCheckConstraint(
          'v2_assignments_relation_ck',
          sql`relation in ('self', 'manager', 'peer', 'report')`,
        )
        .addCheckConstraint('v2_assignments_status_ck', sql`status in ('pending', 'completed')`)
        .execute();
      // By evaluation (with the status, for completed counts); the unique key serves pair look-ups.
      await db.schema
        .createIndex('v2_assignments_evaluation_idx')
        .on('v2_assignments')
        .columns(['evaluation_id', 'status'])
        .execute();
      await db.schema
        .createIndex('v2_assignments_evaluator_idx')
        .on('v2_assignments')
        .columns(['evaluator_id', 'evaluation_id'])
        .execute();
      await db.schema
        .createIndex('v2_assignments_evaluatee_idx')
        .on('v2_assignments')
        .columns(['evaluatee_id', 'evaluation_id'])
        .execute();

      await seedScalesAndTemplates(db as Kysely<SeedTables>);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Seed data. Frozen with the migration: later changes to the app's types never alter what it wrote.

interface SeedTables {
  v2_scales: { id?: number; name: string; min_value: number; max_value: number; labels: string };
  v2_templates: { id?: number; name: string; name_key: string; created_at: string };
  v2_template_items: {
    template_id: number;
    question_text: string;
    type: string;
    section: string;
    weight: number;
    scale_id: number | null;
    scale_min: number;
    scale_max: number;
    scale_labels: string;
    position: number;
  };
}

const SCALES = [
  {
    key: 'frecuencia',
    name: 'Frecuencia (1-5)',
    min_value: 1,
    max_value: 5,
    labels: ['Nunca', 'Casi nunca', 'A veces', 'Casi siempre', 'Siempre'],
  },
  {
    key: 'acuerdo',
    name: 'Acuerdo (1-5)',
    min_value: 1,
    max_value: 5,
    labels: [
      'Totalmente en desacuerdo',
      'En desacuerdo',
      'Ni de acuerdo ni en desacuerdo',
      'De acuerdo',
      'Totalmente de acuerdo',
    ],
  },
  {
    key: 'desempeno',
    name: 'Desempeño (1-4)',
    min_value: 1,
    max_value: 4,
    labels: ['Insatisfactorio', 'En desarrollo', 'Competente', 'Destacado'],
  },
] as const;
type ScaleKey = (typeof SCALES)[number]['key'];

type SeedItem =
  | ['rating', 'competency' | 'objective', ScaleKey, number, string]
  | ['yes_no' | 'status_3' | 'text', 'competency' | 'objective', null, number, string];

const TEMPLATES: Array<{ name: string; items: SeedItem[] }> = [
  {
    name: 'Personal docente',
    items: [
      [
        'rating',
        'competency',
        'frecuencia',
        1,
        'Planifica sus clases con objetivos claros y actividades adecuadas al nivel de los estudiantes.',
      ],
      [
        'rating',
        'competency',
        'frecuencia',
        1,
        'Utiliza estrategias de enseñanza variadas que favorecen la participación de todos los estudiantes.',
      ],
      [
        'rating',
        'competency',
        'acuerdo',
        1,
        'Mantiene en el aula un clima de respeto y convivencia positiva.',
      ],
      [
        'rating',
        'competency',
        'frecuencia',
        1,
        'Ofrece a los estudiantes retroalimentación oportuna y útil sobre su aprendizaje.',
      ],
      [
        'rating',
        'competency',
        'acuerdo',
        1,
        'Se comunica de forma respetuosa y efectiva con las familias y con sus colegas.',
      ],
      [
        'yes_no',
        'competency',
        null,
        1,
        'Cumple puntualmente con el horario de clases y con las actividades institucionales.',
      ],
      [
        'status_3',
        'objective',
        null,
        1,
        'Entregó la planificación y el registro de calificaciones del período en el plazo establecido.',
      ],
      [
        'rating',
        'objective',
        'desempeno',
        2,
        'Logro de los aprendizajes esperados en los grupos a su cargo.',
      ],
      [
        'status_3',
        'objective',
        null,
        1,
        'Participó en las jornadas de formación continua programadas por el centro.',
      ],
      ['text', 'competency', null, 0, 'Comentarios y sugerencias para su desarrollo profesional.'],
    ],
  },
  {
    name: 'Personal administrativo',
    items: [
      [
        'rating',
        'competency',
        'frecuencia',
        1,
        'Atiende con cortesía y diligencia a estudiantes, familias y visitantes.',
      ],
      ['rating', 'competency', 'frecuencia', 1, 'Organiza su trabajo y cumple los plazos establecidos.'],
      [
        'rating',
        'competency',
        'acuerdo',
        1,
        'Maneja con discreción y cuidado la información y los documentos del centro.',
      ],
      [
        'rating',
        'competency',
        'acuerdo',
        1,
        'Colabora con sus compañeros y con otras áreas cuando se le solicita.',
      ],
      ['yes_no', 'competency', null, 1, 'Cumple con el horario de trabajo establecido.'],
      ['status_3', 'objective', null, 1, 'Mantiene actualizados los registros y expedientes a su cargo.'],
      ['rating', 'objective', 'desempeno', 2, 'Calidad y exactitud de los informes y trámites que entrega.'],
      [
        'yes_no',
        'objective',
        null,
        1,
        'Propuso o aplicó al menos una mejora en los procesos de su área durante el período.',
      ],
      ['text', 'competency', null, 0, 'Fortalezas observadas y aspectos a mejorar.'],
    ],
  },
];

async function seedScalesAndTemplates(db: Kysely<SeedTables>): Promise<void> {
  const scaleIds = new Map<ScaleKey, (typeof SCALES)[number] & { id: number }>();
  for (const s of SCALES) {
    const row = await db
      .insertInto('v2_scales')
      .values({
        name: s.name,
        min_value: s.min_value,
        max_value: s.max_value,
        labels: JSON.stringify(s.labels),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    scaleIds.set(s.key, { ...s, id: row.id as number });
  }
  const now = new Date().toISOString();
  for (const t of TEMPLATES) {
    const row = await db
      .insertInto('v2_templates')
      .values({ name: t.name, name_key: t.name.trim().toLocaleLowerCase('es'), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('v2_template_items')
      .values(
        t.items.map(([type, section, scaleKey, weight, text], position) => {
          const scale = scaleKey ? scaleIds.get(scaleKey)! : null;
          return {
            template_id: row.id as number,
            question_text: text,
            type,
            section,
            weight,
            scale_id: scale?.id ?? null,
            scale_min: scale?.min_value ?? 1,
            scale_max: scale?.max_value ?? 5,
            scale_labels: JSON.stringify(scale?.labels ?? []),
            position,
          };
        }),
      )
      .execute();
  }
}
