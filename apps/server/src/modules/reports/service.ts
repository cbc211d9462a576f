import {
  REPORT_MESSAGES,
  trainingSummary,
  v1Percentages,
  type FullReport,
  type PageQuery,
  type Paged,
  type ReportRow,
  type SheetFormat,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { toSpreadsheet } from '../../exports/spreadsheet';
import { fileSlug } from '../../http/download';
import { notFound } from '../../http/errors';
import { listOrPage } from '../../http/paging';
import { renderReportPdf } from '../../pdf/report-pdf';
import { REPORT_COLUMNS } from './exports';
import { findReportHeader, listReports, questionAverages, trainingAnswers } from './repository';

/** The reports list: every row, or the page asked for (searched by the person's name). */
export function reportsPage(db: Kysely<Database>, query: PageQuery): Promise<ReportRow[] | Paged<ReportRow>> {
  return listOrPage(query, (slice) => listReports(db, slice));
}

/** The reports list (searched with `q`) as a spreadsheet. */
export async function reportsSheet(db: Kysely<Database>, format: SheetFormat, q?: string): Promise<Buffer> {
  const { rows } = await listReports(db, { q });
  return toSpreadsheet(format, 'Reportes', REPORT_COLUMNS, rows);
}

/**
 * The full report of one user in one evaluation (DESIGN §5): each question averaged across the
 * evaluators' submissions in SQL, and the percentages computed from those averages with the
 * evaluation's weights.
 */
export async function buildFullReport(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
): Promise<FullReport> {
  const [header, questions, training] = await Promise.all([
    findReportHeader(db, evaluationId, userId),
    questionAverages(db, evaluationId, userId),
    trainingAnswers(db, evaluationId, userId),
  ]);
  if (!header || training.length === 0 || questions.length === 0) throw notFound(REPORT_MESSAGES.noData);
  const { evaluation, user } = header;
  const figures = v1Percentages(
    questions.map((q) => ({ question_type: q.question_type, score: q.average_score })),
    evaluation,
  );
  const requiredBy = training.filter((t) => t.requires_training === 1).length;
  return {
    user_name: user.name,
    department: user.department,
    position: user.position,
    evaluation_name: evaluation.name,
    period: evaluation.period,
    ...figures,
    questions,
    training: {
      requires_training: requiredBy > 0,
      comments: training.map((t) => t.training_comments),
      comments_summary: trainingSummary(requiredBy, training.length),
    },
    evaluators_count: training.length,
  };
}

/** The full report as a PDF, with the file name it is sent under. */
export async function fullReportPdf(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
): Promise<{ pdf: Buffer; name: string }> {
  const report = await buildFullReport(db, evaluationId, userId);
  return {
    pdf: await renderReportPdf(report),
    name: `reporte-${fileSlug(report.user_name)}-${fileSlug(report.evaluation_name)}.pdf`,
  };
}
