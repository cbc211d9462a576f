import {
  ITEM_TYPE_LABELS,
  V2_RESULT_GROUP_LABELS,
  V2_RESULT_GROUPS,
  v2WithheldLabel,
  type V2ItemResult,
  type V2RelationResult,
  type V2ResultComment,
  type V2Results,
} from '@evalua/contracts';
import { sheet, toXlsxBook, type Column } from '../../exports/spreadsheet';

const SECTION_LABEL = { competency: 'Competencia', objective: 'Objetivo' } as const;

type SummaryRow = Pick<
  V2RelationResult,
  'competencies_percentage' | 'objectives_percentage' | 'overall_percentage'
> & { label: string; completed: number | null; assigned: number | null; shown: boolean; released: boolean };

const SUMMARY_COLUMNS: Column<SummaryRow>[] = [
  { header: 'Grupo', value: (r) => r.label, width: 34 },
  { header: 'Evaluaciones completadas', value: (r) => r.completed, width: 14 },
  { header: 'Evaluaciones asignadas', value: (r) => r.assigned, width: 14 },
  { header: 'Competencias (%)', value: (r) => r.competencies_percentage, kind: 'percent' },
  { header: 'Objetivos (%)', value: (r) => r.objectives_percentage, kind: 'percent' },
  { header: 'General (%)', value: (r) => r.overall_percentage, kind: 'percent' },
  { header: 'Observación', value: (r) => (r.shown ? null : v2WithheldLabel(r.released)), width: 30 },
];

const COMMENT_COLUMNS: Column<V2ResultComment>[] = [
  { header: 'Pregunta', value: (c) => c.question_text, width: 60 },
  { header: 'Grupo', value: (c) => V2_RESULT_GROUP_LABELS[c.relation], width: 30 },
  { header: 'Comentario', value: (c) => c.text, width: 80 },
];

/** The results workbook: Resumen (groups, self, others), Preguntas (averages), Comentarios. */
export function resultsWorkbook(results: V2Results): Promise<Buffer> {
  const summary: SummaryRow[] = [
    ...results.relations.map((r) => ({
      ...r,
      label: V2_RESULT_GROUP_LABELS[r.relation],
      completed: r.raters_completed,
      assigned: r.raters_assigned,
      released: results.released,
    })),
    ...(results.others
      ? [
          {
            ...results.others,
            label: 'Otros (sin autoevaluación)',
            completed: results.others.raters,
            assigned: null,
            shown: true,
            released: true,
          },
        ]
      : []),
  ];
  const groups = V2_RESULT_GROUPS.filter(
    (g) => g !== 'self' && results.items.some((i) => g in i.by_relation),
  );
  const itemColumns: Column<V2ItemResult>[] = [
    { header: 'Pregunta', value: (i) => i.question_text, width: 60 },
    { header: 'Sección', value: (i) => SECTION_LABEL[i.section], width: 14 },
    { header: 'Tipo', value: (i) => ITEM_TYPE_LABELS[i.type], width: 18 },
    { header: 'Peso', value: (i) => i.weight, width: 8 },
    { header: 'Autoevaluación (%)', value: (i) => i.self_average, kind: 'percent' },
    { header: 'Otros (%)', value: (i) => i.others_average, kind: 'percent' },
    ...groups.map((g): Column<V2ItemResult> => ({
      header: `${V2_RESULT_GROUP_LABELS[g]} (%)`,
      value: (i) => i.by_relation[g] ?? null,
      kind: 'percent',
    })),
    { header: 'N/A', value: (i) => i.na_count, width: 8 },
  ];
  return toXlsxBook([
    sheet({ name: 'Resumen', columns: SUMMARY_COLUMNS, rows: summary }),
    sheet({ name: 'Preguntas', columns: itemColumns, rows: results.items }),
    sheet({ name: 'Comentarios', columns: COMMENT_COLUMNS, rows: results.comments }),
  ]);
}
