import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { absoluteUrl, enqueueMail, type MailRequest, type MailSettings } from '../mail';
import { findUserById } from '../users';
import { v1ReportReadyMail, v2ResultsReadyMail } from './mail-content';
import {
  countV1Submissions,
  markV2Told,
  v1EvaluationTitle,
  v2EvaluateesToTell,
  v2EvaluationTitle,
} from './repository';

/**
 * "Your results are ready" (issue 18, decision 033): written to the outbox in the transaction of the
 * change that makes them readable; the caller calls kickOutbox() after it commits. Nobody without
 * an e-mail, and nobody inactive, is written to.
 */

/**
 * A V1 report becomes readable by its person (GET /api/reports/:evaluationId/:userId: admin, HR or
 * the person) with the first evaluator's submission; later submissions change its figures without a
 * new e-mail. Call after the submission is inserted. Answers whether a message was written.
 */
export async function notifyV1ReportReady(
  trx: Kysely<Database>,
  mail: MailSettings,
  evaluationId: number,
  userId: number,
): Promise<boolean> {
  if ((await countV1Submissions(trx, evaluationId, userId)) !== 1) return false;
  const person = await findUserById(trx, userId);
  const evaluation = await v1EvaluationTitle(trx, evaluationId);
  if (!person || person.email === null || person.active !== 1 || !evaluation) return false;
  await enqueueMail(trx, mail, {
    kind: 'v1-report-ready',
    to: { email: person.email, name: person.name, userId: person.id },
    content: v1ReportReadyMail(
      person.name,
      evaluation.name,
      evaluation.period,
      absoluteUrl(mail, `/report/${evaluationId}/${userId}`),
    ),
  });
  return true;
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
  return people.length;
}
