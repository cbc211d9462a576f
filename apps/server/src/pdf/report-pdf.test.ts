import { describe, expect, it } from 'vitest';
import { havePoppler, pdfInfo, pdfText } from '../../test/pdf';
import { renderReportPdf, type ReportPdfData } from './report-pdf';

const report: ReportPdfData = {
  user_name: 'María José Núñez Peña',
  department: 'Matemáticas',
  position: 'Docente de Secundaria',
  evaluation_name: 'Evaluación Docente 2026',
  period: '2026',
  competencies_percentage: 87.5,
  objectives_percentage: 62.5,
  overall_percentage: 75,
  questions: [
    {
      question_text: 'Planifica sus clases con antelación y según el currículo.',
      question_type: 'competency',
      average_score: 3.5,
    },
    {
      question_text: 'Alcanzó la meta de aprobación del curso.',
      question_type: 'objective',
      average_score: 2.5,
    },
  ],
  training: {
    requires_training: true,
    comments: ['Necesita formación en evaluación por competencias.', 'Ninguno'],
    comments_summary: 'Capacitación requerida por 1 de 2 evaluadores.',
  },
};

describe.skipIf(!havePoppler)('V1 report PDF', () => {
  it('is an A4 PDF whose text has the person, the evaluation, the figures and the training, accents intact', async () => {
    const pdf = await renderReportPdf(report, new Date('2026-11-22T15:00:00Z'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const info = pdfInfo(pdf);
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const text = pdfText(pdf);
    for (const expected of [
      'Reporte de evaluación del desempeño',
      'María José Núñez Peña',
      'Matemáticas',
      'Docente de Secundaria',
      'Evaluación Docente 2026',
      '87.50 %',
      '62.50 %',
      '75.00 %',
      'Planifica sus clases con antelación y según el currículo.',
      '3.50',
      'Necesidad de capacitación',
      'Capacitación requerida por 1 de 2 evaluadores.',
      'Necesita formación en evaluación por competencias.',
      'Página 1 de 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is a paper to sign: the organisation, the evaluators, the weights, the scale and the signature lines', async () => {
    const paper = {
      organization: 'Colegio San Juan Bautista',
      evaluators: ['Ana Ruiz', 'Beto Díaz'],
      weights: { competencies: 60, objectives: 40 },
    };
    const text = pdfText(await renderReportPdf({ ...report, paper }, new Date('2026-11-22T15:00:00Z')));
    for (const expected of [
      'Colegio San Juan Bautista',
      'Evaluadores: Ana Ruiz, Beto Díaz',
      'Pesos: Competencias 60 % · Objetivos 40 %',
      'Escala: 1 = Insatisfactorio · 2 = Básico · 3 = Competente · 4 = Destacado.',
      'Firmas',
      'La firma de la persona evaluada indica que recibió este reporte, no que esté de acuerdo con él.',
      'Persona evaluada',
      'Fecha: ____________________',
    ]) {
      expect(text).toContain(expected);
    }
    // One line to sign for the person and one for each evaluator.
    expect(text.match(/Fecha: _+/g)).toHaveLength(3);
    // Without it (a caller that gives none), the report is as before.
    expect(pdfText(await renderReportPdf(report))).not.toContain('Firmas');
  });

  it('breaks a long questionnaire over numbered pages', async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({
      question_text: `Pregunta número ${i + 1} sobre el desempeño en el aula.`,
      question_type: 'competency' as const,
      average_score: 3,
    }));
    const text = pdfText(await renderReportPdf({ ...report, questions: many }));
    expect(text).toContain('Pregunta número 80 sobre el desempeño en el aula.');
    expect(text).toMatch(/Página 2 de \d/);
  });
});
