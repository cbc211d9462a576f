import {
  V2_INSIGHT_BUCKETS,
  type V2Insight,
  type V2InsightAverage,
  type V2InsightCell,
  type V2InsightDistribution,
  type V2InsightPerson,
} from '@evalua/contracts';
import { sheet, toXlsxBook, type Column } from '../../exports/spreadsheet';

/** What a withheld cell says in the workbook (the screen says the same). */
export const WITHHELD_TEXT = 'No se muestra (anonimato)';
/** What an admin-only figure's row says. */
export const ADMIN_ONLY_TEXT = 'Incluye cifras que solo ve administración';

const cellValue = (c: V2InsightCell): string | number | null =>
  c.state === 'withheld' ? WITHHELD_TEXT : c.value;

type HeatRow = { kind: 'person'; person: V2InsightPerson } | { kind: 'average'; row: V2InsightAverage };

const SECTION_LABEL = { competency: 'Competencia', objective: 'Objetivo' } as const;

/** 'Análisis 360' as a workbook: Avance, Mapa de calor, Puntos ciegos, Comparación, Distribución. */
export function insightWorkbook(insight: V2Insight): Promise<Buffer> {
  const progress = [
    { label: 'Evaluación', value: insight.evaluation.name },
    { label: 'Periodo', value: insight.evaluation.period },
    { label: 'Personas evaluadas', value: insight.completion.evaluatees },
    { label: 'Evaluaciones asignadas', value: insight.completion.assignments_total },
    { label: 'Evaluaciones completadas', value: insight.completion.assignments_completed },
    { label: 'Avance (%)', value: insight.completion.completion_percentage },
    ...(insight.hidden_note ? [{ label: 'Observación', value: insight.hidden_note }] : []),
  ];
  const heatColumns: Column<HeatRow>[] = [
    {
      header: 'Persona',
      value: (r) => (r.kind === 'person' ? r.person.name : r.row.label),
      width: 34,
    },
    {
      header: 'Departamento',
      value: (r) => (r.kind === 'person' ? r.person.department : 'Promedio'),
      width: 24,
    },
    ...(['competencies', 'objectives', 'overall'] as const).map((key): Column<HeatRow> => ({
      header: { competencies: 'Competencias (%)', objectives: 'Objetivos (%)', overall: 'General (%)' }[key],
      value: (r) => (r.kind === 'person' ? cellValue(r.person[key]) : r.row[key].value),
      kind: 'percent',
    })),
    ...insight.items.map((item, i): Column<HeatRow> => ({
      header: `${i + 1}. ${item.question_text} (${SECTION_LABEL[item.section]}, %)`,
      value: (r) => (r.kind === 'person' ? cellValue(r.person.items[i]!) : r.row.items[i]!.value),
      kind: 'percent',
      width: 18,
    })),
    ...(insight.full_view
      ? [
          {
            header: 'Observación',
            value: (r: HeatRow) =>
              r.kind === 'person' &&
              [r.person.competencies, r.person.objectives, r.person.overall, ...r.person.items].some(
                (c) => c.flagged,
              )
                ? ADMIN_ONLY_TEXT
                : null,
            width: 40,
          },
        ]
      : []),
  ];
  const heatRows: HeatRow[] = [
    ...insight.people.map((person) => ({ kind: 'person' as const, person })),
    ...insight.departments.map((row) => ({ kind: 'average' as const, row })),
    ...(insight.average ? [{ kind: 'average' as const, row: insight.average }] : []),
  ];
  const gapRows = insight.gaps.flatMap((p) => [
    ...p.blind_spots.map((g) => ({ ...g, name: p.name, kind: 'Punto ciego' })),
    ...p.hidden_strengths.map((g) => ({ ...g, name: p.name, kind: 'Fortaleza oculta' })),
  ]);
  type GapRow = (typeof gapRows)[number];
  const gapColumns: Column<GapRow>[] = [
    { header: 'Persona', value: (g) => g.name, width: 34 },
    { header: 'Tipo', value: (g) => g.kind, width: 18 },
    { header: 'Pregunta', value: (g) => g.question_text, width: 60 },
    { header: 'Autoevaluación (%)', value: (g) => g.self, kind: 'percent' },
    { header: 'Otros (%)', value: (g) => g.others, kind: 'percent' },
    { header: 'Diferencia (puntos)', value: (g) => g.gap, kind: 'percent' },
  ];
  type ComparisonRow = V2Insight['comparison'][number];
  const comparisonColumns: Column<ComparisonRow>[] = [
    { header: 'Persona', value: (c) => c.name, width: 34 },
    { header: 'Evaluación anterior', value: (c) => c.previous?.name ?? 'Sin 360 anterior', width: 34 },
    { header: 'Periodo anterior', value: (c) => c.previous?.period ?? null, width: 16 },
    { header: 'General anterior (%)', value: (c) => c.previous?.overall ?? null, kind: 'percent' },
    { header: 'General actual (%)', value: (c) => cellValue(c.current), kind: 'percent' },
    { header: 'Cambio (puntos)', value: (c) => c.change, kind: 'percent' },
  ];
  const distributionColumns: Column<V2InsightDistribution>[] = [
    { header: 'Grupo', value: (d) => d.label, width: 30 },
    { header: 'Personas', value: (d) => d.people, width: 12 },
    ...V2_INSIGHT_BUCKETS.map((b, i): Column<V2InsightDistribution> => ({
      header: `${b.label} %`,
      value: (d) => d.buckets[i]!.count,
      width: 10,
    })),
  ];
  return toXlsxBook([
    sheet({
      name: 'Avance',
      columns: [
        { header: 'Dato', value: (r: (typeof progress)[number]) => r.label, width: 28 },
        { header: 'Valor', value: (r: (typeof progress)[number]) => r.value, width: 60 },
      ],
      rows: progress,
    }),
    sheet({ name: 'Mapa de calor', columns: heatColumns, rows: heatRows }),
    sheet({ name: 'Puntos ciegos', columns: gapColumns, rows: gapRows }),
    sheet({ name: 'Comparación', columns: comparisonColumns, rows: insight.comparison }),
    sheet({ name: 'Distribución', columns: distributionColumns, rows: insight.distribution }),
  ]);
}
