import {
  ITEM_TYPE_LABELS,
  V2_RESULT_GROUP_LABELS,
  V2_STATUS_LABELS,
  v2WithheldLabel,
  type V2ResultGroup,
  type V2Results,
} from '@evalua/contracts';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { dateTime, percent } from './format';
import { logoNode, renderPdf, type PaperLogo } from './pdfmake';
import { v2Highlights } from './v2-highlights';

const SECTION_LABEL = { competency: 'Competencia', objective: 'Objetivo' } as const;

function field(label: string, value: string | null): Content {
  return {
    text: [{ text: `${label}: `, bold: true }, value && value.trim() ? value : '—'],
    margin: [0, 0, 0, 2],
  };
}

function figure(label: string, value: number | null | undefined, note: string): Content {
  return {
    stack: [
      { text: label, style: 'figureLabel' },
      { text: percent(value), style: 'figure' },
      { text: note, style: 'figureLabel' },
    ],
    alignment: 'center',
  };
}

const header = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({
  text,
  style: 'tableHeader',
  alignment,
});
const right = (text: string): TableCell => ({ text, alignment: 'right' });

/**
 * The A4 document of one evaluatee's 360 results, exactly as the viewer may see them (the same
 * hiding as the JSON): header, self and others, figures by relation, items, comments.
 */
export function v2ResultsDocument(
  results: V2Results,
  generatedAt = new Date(),
  logo?: PaperLogo,
): TDocumentDefinitions {
  const { evaluation, evaluatee } = results;
  const raters = (n: number) => `${n} evaluación(es)`;

  const relationRows: TableCell[][] = results.relations.map((r) => [
    V2_RESULT_GROUP_LABELS[r.relation],
    right(`${r.raters_completed} de ${r.raters_assigned}`),
    ...(r.shown
      ? [
          right(percent(r.competencies_percentage)),
          right(percent(r.objectives_percentage)),
          right(percent(r.overall_percentage)),
        ]
      : [{ text: v2WithheldLabel(results.released), colSpan: 3, italics: true, color: '#495057' }, '', '']),
  ]);

  const groups = [
    ...new Set(results.items.flatMap((i) => Object.keys(i.by_relation) as V2ResultGroup[])),
  ].sort(
    (a, b) => Object.keys(V2_RESULT_GROUP_LABELS).indexOf(a) - Object.keys(V2_RESULT_GROUP_LABELS).indexOf(b),
  );
  const itemHeader: TableCell[] = [
    header('#', 'right'),
    header('Pregunta'),
    header('Auto', 'right'),
    header('Otros', 'right'),
    ...groups.map((g) => header(V2_RESULT_GROUP_LABELS[g], 'right')),
    header('N/A', 'right'),
  ];
  const itemRows: TableCell[][] = results.items.map((item, i) => [
    right(String(i + 1)),
    {
      stack: [
        item.question_text,
        {
          text: `${SECTION_LABEL[item.section]} · ${ITEM_TYPE_LABELS[item.type]}`,
          fontSize: 7,
          color: '#495057',
        },
      ],
    },
    right(percent(item.self_average)),
    right(percent(item.others_average)),
    ...groups.map((g) => right(percent(item.by_relation[g]))),
    right(String(item.na_count)),
  ]);

  // One block per question with comments; the section title stays with the first block.
  const commentBlocks: Content[] = [];
  for (const item of results.items) {
    const mine = results.comments.filter((c) => c.item_id === item.item_id);
    if (mine.length === 0) continue;
    commentBlocks.push({
      stack: [
        ...(commentBlocks.length === 0 ? [{ text: 'Comentarios', style: 'section' } as Content] : []),
        { text: item.question_text, bold: true, margin: [0, 6, 0, 2] },
        {
          ul: mine.map((c) => ({
            text: [{ text: `${V2_RESULT_GROUP_LABELS[c.relation]}: `, bold: true }, c.text],
          })),
        },
      ],
      unbreakable: true,
    });
  }
  const othersNote = results.others
    ? raters(results.others.raters)
    : results.hidden_note
      ? v2WithheldLabel(results.released)
      : 'Sin evaluaciones';

  return {
    pageSize: 'A4',
    pageMargins: [40, 60, 40, 50],
    info: {
      title: `Resultados 360° — ${evaluatee.name} — ${evaluation.name}`,
      author: 'Evalúa',
    },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 12, 0, 8] },
      section: { fontSize: 12, bold: true, margin: [0, 14, 0, 6] },
      figureLabel: { fontSize: 9, color: '#495057' },
      figure: { fontSize: 14, bold: true, color: '#1864ab' },
      tableHeader: { bold: true, fillColor: '#e7f5ff' },
      note: { italics: true, fontSize: 9, color: '#495057', margin: [0, 6, 0, 0] },
    },
    footer: (page, pages) => ({
      columns: [
        { text: `Generado el ${dateTime(generatedAt)}`, fontSize: 8, color: '#495057' },
        { text: `Página ${page} de ${pages}`, alignment: 'right', fontSize: 8, color: '#495057' },
      ],
      margin: [40, 16, 40, 0],
    }),
    content: [
      logoNode(logo),
      { text: 'Resultados de la evaluación 360°', style: 'title' },
      field('Persona evaluada', evaluatee.name),
      field('Departamento', evaluatee.department),
      field('Puesto', evaluatee.position),
      field('Evaluación', evaluation.name),
      field('Periodo', evaluation.period),
      field('Estado', V2_STATUS_LABELS[evaluation.status]),
      field(
        'Pesos',
        `Competencias ${evaluation.weights.weight_competencies} % · Objetivos ${evaluation.weights.weight_objectives} %`,
      ),
      {
        columns: [
          figure(
            'Autoevaluación',
            results.self?.overall_percentage,
            results.self ? raters(results.self.raters) : 'Sin autoevaluación',
          ),
          figure('Otros (sin autoevaluación)', results.others?.overall_percentage, othersNote),
        ],
        margin: [0, 12, 0, 0],
      },
      { text: 'Resultados por relación', style: 'section' },
      {
        table: {
          headerRows: 1,
          widths: ['*', 70, 70, 70, 70],
          body: [
            [
              header('Relación'),
              header('Evaluaciones', 'right'),
              header('Competencias', 'right'),
              header('Objetivos', 'right'),
              header('General', 'right'),
            ],
            ...relationRows,
          ],
        },
        layout: 'lightHorizontalLines',
      },
      ...(results.hidden_note ? [{ text: results.hidden_note, style: 'note' } as Content] : []),
      { text: 'Resultados por pregunta (promedio de 0 a 100 %)', style: 'section' },
      {
        table: {
          headerRows: 1,
          widths: [16, '*', ...groups.map(() => 46), 46, 46, 26],
          dontBreakRows: true,
          body: [itemHeader, ...itemRows],
        },
        layout: 'lightHorizontalLines',
        fontSize: 8,
      },
      { text: 'Lo que dicen los resultados', style: 'section' },
      ...v2Highlights(results).map((h): Content => ({
        stack: [
          { text: h.title, bold: true, margin: [0, 4, 0, 0] },
          { text: h.meaning, style: 'figureLabel', margin: [0, 0, 0, 2] },
          h.lines.length > 0 ? { ul: h.lines } : { text: h.none, italics: true },
        ],
        unbreakable: true,
      })),
      ...(commentBlocks.length > 0
        ? commentBlocks
        : [
            { text: 'Comentarios', style: 'section' } as Content,
            { text: 'No hay comentarios que mostrar.', italics: true } as Content,
          ]),
    ],
  };
}

export function renderV2ResultsPdf(
  results: V2Results,
  options: { generatedAt?: Date; logo?: PaperLogo | undefined } = {},
): Promise<Buffer> {
  return renderPdf(v2ResultsDocument(results, options.generatedAt, options.logo));
}
