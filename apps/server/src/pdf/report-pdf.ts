import { v1ScaleLegend } from '@evalua/contracts';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { dateTime, decimal, percent } from './format';
import { logoNode, renderPdf, type PaperLogo } from './pdfmake';

/** What a V1 report PDF shows (the fields of GET /api/reports/full/{evaluationId}/{userId}). */
export interface ReportPdfData {
  user_name: string;
  department: string | null;
  position: string | null;
  evaluation_name: string;
  period: string;
  competencies_percentage: number | null;
  objectives_percentage: number | null;
  overall_percentage: number;
  questions: Array<{
    question_text: string;
    question_type: 'competency' | 'objective';
    average_score: number;
  }>;
  training: { requires_training: boolean; comments: string[]; comments_summary: string };
  /** What a paper to sign carries besides the figures (issue 30 §6); absent: left out. */
  paper?: {
    /** ORGANIZATION_NAME. */
    organization: string;
    /** Who evaluated, by name. */
    evaluators: string[];
    weights: { competencies: number; objectives: number };
    /** The organisation's own logo (decision 058); absent: the shipped one. */
    logo?: PaperLogo | undefined;
  };
}

const TYPE_LABEL = { competency: 'Competencia', objective: 'Objetivo' } as const;

function field(label: string, value: string | null): Content {
  return {
    text: [{ text: `${label}: `, bold: true }, value && value.trim() ? value : '—'],
    margin: [0, 0, 0, 2],
  };
}

function figure(label: string, value: number | null): Content {
  return {
    stack: [
      { text: label, style: 'figureLabel' },
      { text: percent(value), style: 'figure' },
    ],
    alignment: 'center',
  };
}

/** A weight as HR set it: 60, or 33.50. */
const weight = (value: number) => decimal(value, Number.isInteger(value) ? 0 : 2);

/** A line to sign on, with who signs and a line for the date. */
function signature(role: string, name: string): Content {
  return {
    stack: [
      { text: ' ', margin: [0, 28, 0, 0] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.7 }] },
      { text: name, bold: true, margin: [0, 3, 0, 0] },
      { text: role, fontSize: 9, color: '#495057' },
      { text: 'Fecha: ____________________', margin: [0, 8, 0, 0] },
    ],
    unbreakable: true,
    margin: [0, 0, 0, 6],
  };
}

/**
 * The paper's own parts (issue 30 §6): who evaluated and with which weights under the header, the
 * scale's legend under the questions, and the signatures of the person and of each evaluator.
 */
function paperParts(report: ReportPdfData) {
  const paper = report.paper;
  if (!paper) return { header: [], legend: [], signatures: [] };
  const { competencies, objectives } = paper.weights;
  return {
    header: [
      field(paper.evaluators.length === 1 ? 'Evaluador' : 'Evaluadores', paper.evaluators.join(', ')),
      field('Pesos', `Competencias ${weight(competencies)} % · Objetivos ${weight(objectives)} %`),
    ],
    legend: [{ text: v1ScaleLegend(), fontSize: 9, color: '#495057', margin: [0, 4, 0, 0] } as Content],
    signatures: [
      { text: 'Firmas', style: 'section' } as Content,
      {
        text: 'La firma de la persona evaluada indica que recibió este reporte, no que esté de acuerdo con él.',
        fontSize: 9,
        color: '#495057',
      } as Content,
      {
        columns: [
          signature('Persona evaluada', report.user_name),
          { stack: paper.evaluators.map((name) => signature('Evaluador', name)) },
        ],
        columnGap: 24,
      } as Content,
    ],
  };
}

/** The A4 document of one person's V1 report: header, three percentages, questions, training. */
export function reportDocument(report: ReportPdfData, generatedAt = new Date()): TDocumentDefinitions {
  const questionRows = report.questions.map((q, i) => [
    { text: String(i + 1), alignment: 'right' as const },
    q.question_text,
    TYPE_LABEL[q.question_type],
    { text: decimal(q.average_score), alignment: 'right' as const },
  ]);
  const paper = paperParts(report);
  return {
    pageSize: 'A4',
    pageMargins: [40, 60, 40, 50],
    info: {
      title: `Reporte de evaluación — ${report.user_name} — ${report.evaluation_name}`,
      author: 'Evalúa',
    },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 12, 0, 8] },
      section: { fontSize: 12, bold: true, margin: [0, 14, 0, 6] },
      figureLabel: { fontSize: 9, color: '#495057' },
      figure: { fontSize: 14, bold: true, color: '#1864ab' },
      tableHeader: { bold: true, fillColor: '#e7f5ff' },
    },
    footer: (page, pages) => ({
      columns: [
        { text: `Generado el ${dateTime(generatedAt)}`, fontSize: 8, color: '#495057' },
        { text: `Página ${page} de ${pages}`, alignment: 'right', fontSize: 8, color: '#495057' },
      ],
      margin: [40, 16, 40, 0],
    }),
    content: [
      logoNode(report.paper?.logo),
      ...(report.paper
        ? [{ text: report.paper.organization, bold: true, margin: [0, 6, 0, 0] } as Content]
        : []),
      { text: 'Reporte de evaluación del desempeño', style: 'title' },
      field('Colaborador', report.user_name),
      field('Departamento', report.department),
      field('Puesto', report.position),
      field('Evaluación', report.evaluation_name),
      field('Periodo', report.period),
      ...paper.header,
      {
        columns: [
          figure('Competencias', report.competencies_percentage),
          figure('Objetivos', report.objectives_percentage),
          figure('Resultado general', report.overall_percentage),
        ],
        margin: [0, 12, 0, 0],
      },
      { text: 'Preguntas y promedios', style: 'section' },
      {
        table: {
          headerRows: 1,
          widths: [20, '*', 70, 55],
          dontBreakRows: true,
          body: [
            [
              { text: '#', style: 'tableHeader', alignment: 'right' },
              { text: 'Pregunta', style: 'tableHeader' },
              { text: 'Tipo', style: 'tableHeader' },
              { text: 'Promedio', style: 'tableHeader', alignment: 'right' },
            ],
            ...questionRows,
          ],
        },
        layout: 'lightHorizontalLines',
      },
      ...paper.legend,
      { text: 'Necesidad de capacitación', style: 'section' },
      field('Requiere capacitación', report.training.requires_training ? 'Sí' : 'No'),
      field('Resumen', report.training.comments_summary),
      ...(report.training.comments.length > 0
        ? [
            { text: 'Comentarios de los evaluadores:', bold: true, margin: [0, 6, 0, 2] } as Content,
            { ul: report.training.comments.map((c) => c) } as Content,
          ]
        : []),
      ...paper.signatures,
    ],
  };
}

export function renderReportPdf(report: ReportPdfData, generatedAt?: Date): Promise<Buffer> {
  return renderPdf(reportDocument(report, generatedAt));
}
