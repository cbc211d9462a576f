import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { releasedTo } from '../../db/v1-released';
import { absoluteUrl, enqueueMail, type MailRequest, type MailSettings } from '../mail';
import { v1ReportReadyMail, v2ResultsReadyMail, v2TeamResultsReadyMail } from './mail-content';
import {
  markManagersTold,
  markV1Told,
  markV2Told,
  v2ManagersToTell,
  v1EvaluationTitle,
  v2EvaluateesToTell,
  v1PeopleToTell,
  v2EvaluationTitle,
} from './repository';

/**
 * "Your results are ready" (issue 18, decision 033): written to the outbox in the transaction of the
 * change that makes them readable; the caller calls kickOutbox() after it commits. Nobody without
 * an e-mail, and nobody inactive, is written to.
 */

/**
 * A V1 report becomes readable by its person (GET /api/reports/:evaluationId/:userId: admin, HR or
 * the person) with the first evaluator's submission in a round released on submit, or when HR
 * releases it (decision 050). Once per person and evaluation (v1_release_notices): later submissions,
 * a correction or a second release change nothing. Call after the submission is inserted. Answers
 * whether a message was written.
 */
export async function notifyV1ReportReady(
  trx: Kysely<Database>,
  mail: MailSettings,
  evaluationId: number,
  userId: number,
): Promise<boolean> {
  if (!(await releasedTo(trx, evaluationId, userId))) return false;
  return (await notifyV1Released(trx, mail, evaluationId, userId)) === 1;
}

/**
 * Tells each person with a V1 result in the evaluation (or only `onlyUserId`), whose result is now
 * released to them and who was not told yet, that their report is ready. Call in the transaction of
 * the release. Answers how many messages were written.
 */
export async function notifyV1Released(
  trx: Kysely<Database>,
  mail: MailSettings,
  evaluationId: number,
  onlyUserId?: number,
): Promise<number> {
  const evaluation = await v1EvaluationTitle(trx, evaluationId);
  if (!evaluation) return 0;
  const candidates = await v1PeopleToTell(trx, evaluationId, onlyUserId);
  const marked = await markV1Told(
    trx,
    evaluationId,
    candidates.map((p) => p.id),
  );
  const people = candidates.filter((p) => marked.has(p.id));
  await enqueueMail(
    trx,
    mail,
    people.map((p): MailRequest => ({
      kind: 'v1-report-ready',
      to: { email: p.email, name: p.name, userId: p.id },
      content: v1ReportReadyMail(
        p.name,
        evaluation.name,
        evaluation.period,
        absoluteUrl(mail, `/report/${evaluationId}/${p.id}`),
      ),
    })),
  );
  return people.length;
}

/**
 * A 360 evaluation's per-person results become readable by each evaluatee when it is closed
 * (decision 023) and HR has released them to that person (decision 038): one e-mail to each such
 * evaluatee rated by at least one completed assignment, once per evaluation whatever HR changes later.
 * Call in the transaction that closes the evaluation or changes a release (the evaluation's row
 * locked). Answers how many messages were written.
 */
export async function notifyV2ResultsReady(
  trx: Kysely<Database>,
  mail: MailSettings,
  evaluationId: number,
): Promise<number> {
  const evaluation = await v2EvaluationTitle(trx, evaluationId);
  if (!evaluation) return 0;
  const people = await v2EvaluateesToTell(trx, evaluationId);
  await markV2Told(
    trx,
    evaluationId,
    people.map((p) => p.id),
  );
  await enqueueMail(
    trx,
    mail,
    people.map((p): MailRequest => ({
      kind: 'v2-results-ready',
      to: { email: p.email, name: p.name, userId: p.id },
      content: v2ResultsReadyMail(
        p.name,
        evaluation.name,
        evaluation.period,
        absoluteUrl(mail, `/evaluations-v2/${evaluationId}/results/${p.id}`),
      ),
    })),
  );
  await notifyV2TeamResultsReady(trx, mail, evaluationId, evaluation);
  return people.length;
}

/**
 * The managers to whom this change released results of a closed 360 (decision 055): once per
 * manager and evaluation (launch_notices 'team-results', inserted first: only those newly marked are
 * written to), in the caller's transaction, which holds the evaluation's row.
 */
async function notifyV2TeamResultsReady(
  trx: Kysely<Database>,
  mail: MailSettings,
  evaluationId: number,
  evaluation: { name: string; period: string },
): Promise<void> {
  const managers = await v2ManagersToTell(trx, evaluationId);
  const fresh = await markManagersTold(
    trx,
    evaluationId,
    managers.map((m) => m.id),
  );
  await enqueueMail(
    trx,
    mail,
    managers
      .filter((m) => fresh.has(m.id))
      .map((m): MailRequest => ({
        kind: 'v2-team-results-ready',
        to: { email: m.email, name: m.name, userId: m.id },
        content: v2TeamResultsReadyMail(
          m.name,
          evaluation.name,
          evaluation.period,
          m.people,
          absoluteUrl(mail, '/mi-equipo-360'),
        ),
      })),
  );
}
