import {
  ERROR_CODES,
  REPORT_MESSAGES,
  V1_RELEASE_MESSAGES,
  trainingSummary,
  type FullReport,
  type PageQuery,
  type Paged,
  type ReportRow,
  type SheetFormat,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { releasedTo } from '../../../db/v1-released';
import { toSpreadsheet } from '../../../exports/spreadsheet';
import { fileSlug } from '../../../http/download';
import { AppError, notFound } from '../../../http/errors';
import { listOrPage } from '../../../http/paging';
import { renderReportPdf } from '../../../pdf/report-pdf';
import { paperLogo } from '../../organization';
import { REPORT_COLUMNS } from './exports';
import {
  findReportHeader,
  listReports,
  paperDetails,
  questionAverages,
  storedFigures,
  trainingAnswers,
} from './repository';

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
 * The full report of one user in one evaluation: the percentages are the means of the figures
 * stored at each submission (the one source of every screen and export, decision 026); each
 * question is averaged across the evaluators' submissions in SQL, as it was answered. The person
 * themself (`asPerson`) is told 403 RESULTS_NOT_RELEASED until HR releases it to them (decision 050).
 */
export async function buildFullReport(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
  asPerson: boolean,
): Promise<FullReport> {
  const [header, questions, training, stored] = await Promise.all([
    findReportHeader(db, evaluationId, userId),
    questionAverages(db, evaluationId, userId),
    trainingAnswers(db, evaluationId, userId),
    storedFigures(db, evaluationId, userId),
  ]);
  // The person reads it once released (decision 050); what does not exist is said so first.
  if (asPerson && header && !(await releasedTo(db, evaluationId, userId)))
    throw new AppError(403, ERROR_CODES.resultsNotReleased, V1_RELEASE_MESSAGES.notAvailable);
  const { overall_percentage } = stored;
  if (!header || training.length === 0 || questions.length === 0 || overall_percentage === null)
    throw notFound(REPORT_MESSAGES.noData);
  const { evaluation, user } = header;
  const figures = { ...stored, overall_percentage };
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

/**
 * The full report as a PDF, with the file name it is sent under: a paper to sign (issue 30 §6), with
 * the organisation's name, the evaluators, the weights, the scale's legend and the signature lines.
 */
export async function fullReportPdf(
  db: Kysely<Database>,
  evaluationId: number,
  userId: number,
  asPerson: boolean,
  organization: string,
): Promise<{ pdf: Buffer; name: string }> {
  const report = await buildFullReport(db, evaluationId, userId, asPerson);
  const paper = {
    organization,
    ...(await paperDetails(db, evaluationId, userId)),
    logo: await paperLogo(db),
  };
  return {
    pdf: await renderReportPdf({ ...report, paper }),
    name: `reporte-${fileSlug(report.user_name)}-${fileSlug(report.evaluation_name)}.pdf`,
  };
}
