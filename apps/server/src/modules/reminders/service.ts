import {
  DEADLINE_MESSAGES,
  ERROR_CODES,
  dayIn,
  v1EvaluationAllows,
  v2EvaluationAllows,
  type ReminderResult,
} from '@evalua/contracts';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict } from '../../http/errors';
import { nowIso } from '../../time';
import { audit } from '../audit';
import { getEvaluation } from '../evaluations';
import {
  absoluteUrl,
  enqueueMail,
  kickOutbox,
  mailSettings,
  type MailRequest,
  type MailSettings,
} from '../mail';
import { getV2Evaluation } from '../v2-evaluations';
import {
  addDays,
  approveContent,
  digestContent,
  launchContent,
  momentInWords,
  nominateContent,
  reminderContent,
  v1FormPath,
  v1ItemText,
  v2FormPath,
  v2ItemText,
  type EvaluationWork,
} from './messages';
import {
  claimAutoReminders,
  claimJobRun,
  claimLaunchNotices,
  digestReaders,
  launchedSince,
  lateEvaluations,
  nominationsToApprove,
  nominationsToMake,
  openEvaluations,
  claimManualReminders,
  recentManualReminders,
  openV1DueOn,
  openV2DueOn,
  v1PendingWork,
  v2PendingWork,
  type Rater,
} from './repository';

/**
 * Reminders (decision 033): one e-mail per person with pending work, listing all of it with links.
 * HR sends them for one open evaluation; the scheduler sends them automatically on the days before
 * a due date (REMINDER_DAYS) from REMINDER_HOUR, at most one per person per day.
 */

export type EvaluationKind = 'v1' | 'v2';

/** Someone's pending work, per evaluation (in the order found). */
interface PersonWork {
  person: Rater;
  works: EvaluationWork[];
}

type People = Map<number, PersonWork>;

/** What a reminder says of an evaluation. */
interface EvaluationRef {
  id: number;
  name: string;
  due_date: string | null;
}

function workOf(
  people: People,
  person: Rater,
  evaluation: EvaluationRef,
  kind: EvaluationKind,
): EvaluationWork {
  let entry = people.get(person.user_id);
  if (!entry) people.set(person.user_id, (entry = { person, works: [] }));
  let work = entry.works.find((w) => w.kind === kind && w.id === evaluation.id);
  if (!work) {
    work = { kind, id: evaluation.id, name: evaluation.name, due_date: evaluation.due_date, items: [] };
    entry.works.push(work);
  }
  return work;
}

/** Adds the pending work of these evaluations (open ones only) to `people`. */
async function collect(
  db: Kysely<Database>,
  people: People,
  kind: EvaluationKind,
  evaluations: readonly EvaluationRef[],
  onlyUntold = false,
): Promise<void> {
  const byId = new Map(evaluations.map((e) => [e.id, e]));
  if (kind === 'v1') {
    for (const row of await v1PendingWork(db, [...byId.keys()], onlyUntold)) {
      const evaluation = byId.get(row.evaluation_id);
      if (!evaluation) continue;
      workOf(people, row, evaluation, kind).items.push({
        text: v1ItemText(row.collaborator_name),
        path: v1FormPath(row.collaborator_id),
      });
    }
  } else {
    for (const row of await v2PendingWork(db, [...byId.keys()], onlyUntold)) {
      const evaluation = byId.get(row.evaluation_id);
      if (!evaluation) continue;
      workOf(people, row, evaluation, kind).items.push({
        text: v2ItemText(row.evaluatee_name, row.relation),
        path: v2FormPath(row.assignment_id),
      });
    }
  }
}

function mailsFor(config: Config, people: Iterable<PersonWork>, today: string): MailRequest[] {
  const settings = mailSettings(config);
  const link = (path: string) => absoluteUrl(settings, path);
  return [...people].map(({ person, works }) => ({
    kind: 'reminder',
    to: { email: person.email, name: person.name, userId: person.user_id },
    content: reminderContent(person.name, works, today, link),
  }));
}

const AUDIT_ENTITY: Record<EvaluationKind, string> = { v1: 'evaluation', v2: 'v2_evaluation' };

/** The evaluation, 404 when unknown, 409 unless its state allows reminders (open). */
async function requireOpen(db: Kysely<Database>, kind: EvaluationKind, id: number): Promise<EvaluationRef> {
  const [evaluation, remindable] =
    kind === 'v1'
      ? await getEvaluation(db, id).then((e) => [e, v1EvaluationAllows(e.status).remind] as const)
      : await getV2Evaluation(db, id).then((e) => [e, v2EvaluationAllows(e.status).remind] as const);
  if (!remindable) throw conflict(DEADLINE_MESSAGES.remindersClosed, ERROR_CODES.evaluationNotOpen);
  return evaluation;
}

const HOUR_MS = 3_600_000;

/**
 * The result of a press (or of its preview): `recipients` reached, and of the people with pending
 * work, those HR's reminder reached within the cooldown — with when the first of them can get
 * another (the earliest of their reminders plus the cooldown).
 */
function resultOf(config: Config, recipients: number, waitingSince: readonly string[]): ReminderResult {
  const earliest = waitingSince.reduce<string | null>(
    (min, at) => (min === null || at < min ? at : min),
    null,
  );
  return {
    recipients,
    waiting: waitingSince.length,
    next_at:
      earliest === null
        ? null
        : new Date(Date.parse(earliest) + config.reminderCooldownHours * HOUR_MS).toISOString(),
    cooldown_hours: config.reminderCooldownHours,
  };
}

/** The start of the cooldown that ends now (ISO). */
function cooldownStart(config: Config, now: Date): string {
  return nowIso(now.getTime() - config.reminderCooldownHours * HOUR_MS);
}

/**
 * How many people a reminder of this open evaluation would reach now: those with pending work, less
 * those HR's reminder of it reached within the cooldown (decision 042).
 */
export async function previewReminders(
  db: Kysely<Database>,
  config: Config,
  kind: EvaluationKind,
  id: number,
  now: Date = new Date(),
): Promise<ReminderResult> {
  const evaluation = await requireOpen(db, kind, id);
  const people: People = new Map();
  await collect(db, people, kind, [evaluation]);
  const recent = await recentManualReminders(db, kind, id, [...people.keys()], cooldownStart(config, now));
  return resultOf(config, people.size - recent.size, [...recent.values()]);
}

/**
 * HR's 'Enviar recordatorio': one e-mail to each person with pending work in this open evaluation,
 * listing all of it, except those this reminder reached less than REMINDER_COOLDOWN_HOURS ago
 * (decision 042: claimed in `manual_reminders` in the same transaction, so presses at once send one
 * e-mail); written to the outbox with one audit entry (the people reached) in one transaction.
 * Nobody to remind: nothing is written. Everyone reminded within the cooldown: 409 with the moment
 * the next reminder is possible, nothing written.
 */
export async function sendReminders(
  db: Kysely<Database>,
  config: Config,
  kind: EvaluationKind,
  id: number,
  actor: Actor,
  now: Date = new Date(),
): Promise<ReminderResult> {
  const today = dayIn(config.timeZone, now);
  const since = cooldownStart(config, now);
  const result = await db.transaction().execute(async (trx) => {
    const evaluation = await requireOpen(trx, kind, id);
    const people: People = new Map();
    await collect(trx, people, kind, [evaluation]);
    if (people.size === 0) return resultOf(config, 0, []);
    const claimed = await claimManualReminders(
      trx,
      kind,
      id,
      [...people.keys()],
      nowIso(now.getTime()),
      since,
    );
    const reached = [...people.values()].filter((p) => claimed.has(p.person.user_id));
    const waiting = await recentManualReminders(
      trx,
      kind,
      id,
      [...people.keys()].filter((userId) => !claimed.has(userId)),
      since,
    );
    const outcome = resultOf(config, reached.length, [...waiting.values()]);
    if (reached.length === 0) {
      // Only reached when somebody waits: the claim skips nobody else.
      const when = momentInWords(outcome.next_at ?? nowIso(now.getTime()), config.timeZone);
      throw conflict(
        DEADLINE_MESSAGES.reminderCooldown(config.reminderCooldownHours, when),
        ERROR_CODES.reminderCooldown,
      );
    }
    await enqueueMail(trx, mailSettings(config), mailsFor(config, reached, today));
    await audit(trx, {
      userId: actor.userId,
      action: 'remind',
      entity: AUDIT_ENTITY[kind],
      entityId: id,
      after: {
        recipients: reached.length,
        user_ids: reached.map((p) => p.person.user_id),
        pending: reached.reduce((n, p) => n + p.works.reduce((m, w) => m + w.items.length, 0), 0),
        waiting: outcome.waiting,
      },
      ip: actor.ip,
    });
    return outcome;
  });
  if (result.recipients > 0) kickOutbox(db);
  return result;
}

/** The hour (0-23) of `now` in a time zone. */
export function hourIn(timeZone: string, now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  return Number(parts.find((p) => p.type === 'hour')?.value ?? '0');
}

export const REMINDER_JOB = 'reminders';

export interface DueRemindersRun {
  /** The day (YYYY-MM-DD, in the organisation's time zone) the run was for. */
  day: string;
  /**
   * 'early': before REMINDER_HOUR, nothing done; 'done-elsewhere': the day's run was already claimed
   * (by this or another instance); 'ran': this call claimed the day and sent.
   */
  outcome: 'early' | 'done-elsewhere' | 'ran';
  recipients: number;
}

/**
 * After its due date an open evaluation's pending work is reminded every OVERDUE_EVERY_DAYS days, for
 * OVERDUE_FOR_DAYS days (issue 30 §2, decision 051): 'Venció el …', never two days running.
 */
export const OVERDUE_EVERY_DAYS = 3;
export const OVERDUE_FOR_DAYS = 30;
const OVERDUE_OFFSETS = Array.from(
  { length: Math.floor(OVERDUE_FOR_DAYS / OVERDUE_EVERY_DAYS) },
  (_, i) => -(i + 1) * OVERDUE_EVERY_DAYS,
);

/**
 * The automatic reminders of the day of `now` (the scheduler calls it every few minutes; tests with
 * the time they choose). From REMINDER_HOUR (in TIME_ZONE), once a day on any number of instances:
 * the day's run is claimed in `job_runs` in the same transaction as the messages. Each open
 * evaluation (V1 and 360) due in one of REMINDER_DAYS days (0: today), or overdue by a multiple of
 * OVERDUE_EVERY_DAYS days up to OVERDUE_FOR_DAYS, reminds the people with
 * pending work in it; a person with work in several gets one e-mail listing all of it, and nobody
 * gets a second automatic reminder that day (`auto_reminders`). One audit entry per evaluation.
 */
export async function runDueReminders(ctx: AppContext, now: Date): Promise<DueRemindersRun> {
  const { timeZone, reminderHour, reminderDays } = ctx.config;
  const day = dayIn(timeZone, now);
  if (hourIn(timeZone, now) < reminderHour) return { day, outcome: 'early', recipients: 0 };
  const dueDays = [...reminderDays, ...OVERDUE_OFFSETS].map((n) => addDays(day, n));
  const recipients = await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimJobRun(trx, REMINDER_JOB, day, nowIso(now.getTime())))) return null;
    const [v1, v2] = [await openV1DueOn(trx, dueDays), await openV2DueOn(trx, dueDays)];
    const people: People = new Map();
    await collect(trx, people, 'v1', v1);
    await collect(trx, people, 'v2', v2);
    await dropJustLaunched(trx, people, { v1, v2 }, now, timeZone);
    const claimed = await claimAutoReminders(trx, [...people.keys()], day);
    const reached = [...people.values()].filter((p) => claimed.has(p.person.user_id));
    await enqueueMail(trx, mailSettings(ctx.config), mailsFor(ctx.config, reached, day));
    for (const [kind, evaluation] of [
      ...v1.map((e) => ['v1', e] as const),
      ...v2.map((e) => ['v2', e] as const),
    ]) {
      const userIds = reached
        .filter((p) => p.works.some((w) => w.kind === kind && w.id === evaluation.id))
        .map((p) => p.person.user_id);
      await audit(trx, {
        userId: null,
        action: 'remind_auto',
        entity: AUDIT_ENTITY[kind],
        entityId: evaluation.id,
        after: { day, due_date: evaluation.due_date, recipients: userIds.length, user_ids: userIds },
      });
    }
    const digests = isMonday(day) ? await writeHrDigest(trx, ctx.config, day) : 0;
    return { reminded: reached.length, digests };
  });
  if (recipients === null) return { day, outcome: 'done-elsewhere', recipients: 0 };
  if (recipients.reminded + recipients.digests > 0) kickOutbox(ctx.db);
  return { day, outcome: 'ran', recipients: recipients.reminded };
}

/**
 * Leaves out of the day's reminders the evaluations a person was told of (their launch e-mail) that
 * same day, in the organisation's time zone (issue 30 §2, decision 060) — a round opened this
 * morning is announced, not announced and reminded — and the people left with nothing. A launch the
 * day before does not cover today's reminder.
 */
async function dropJustLaunched(
  db: Kysely<Database>,
  people: People,
  evaluations: Record<EvaluationKind, readonly EvaluationRef[]>,
  now: Date,
  timeZone: string,
): Promise<void> {
  const day = dayIn(timeZone, now);
  // A day is at most 26 hours long anywhere: read the last two days, keep those of `day`.
  const since = nowIso(now.getTime() - 48 * 3_600_000);
  const toldToday = async (kind: EvaluationKind) =>
    new Set(
      (
        await launchedSince(
          db,
          kind,
          evaluations[kind].map((e) => e.id),
          since,
        )
      )
        .filter((n) => dayIn(timeZone, new Date(n.told_at)) === day)
        .map((n) => n.key),
    );
  const told: Record<EvaluationKind, Set<string>> = { v1: await toldToday('v1'), v2: await toldToday('v2') };
  for (const [userId, entry] of people) {
    entry.works = entry.works.filter((w) => !told[w.kind].has(`${w.id}:${userId}`));
    if (entry.works.length === 0) people.delete(userId);
  }
}

function isMonday(day: string): boolean {
  return new Date(`${day}T00:00:00Z`).getUTCDay() === 1;
}

/**
 * HR's weekly digest (issue 30 §2, decision 051): on Mondays, in the day's claimed reminders run (so
 * once on any number of instances), each active admin and HR person with an e-mail gets the open
 * evaluations past their due date that still wait for work — nothing when none is late. Answers how
 * many messages were written.
 */
async function writeHrDigest(trx: Kysely<Database>, config: Config, day: string): Promise<number> {
  const late = await lateEvaluations(trx, day);
  if (late.length === 0) return 0;
  const readers = await digestReaders(trx);
  const settings = mailSettings(config);
  await enqueueMail(
    trx,
    settings,
    readers.map((r) => ({
      kind: 'hr-digest',
      to: { email: r.email, name: r.name, userId: r.user_id },
      content: digestContent(r.name, late, (path) => absoluteUrl(settings, path)),
    })),
  );
  return readers.length;
}

/**
 * "Your evaluations started" (issue 30 §2, decision 051): each person with work in an open evaluation
 * who was not told about that evaluation yet gets one e-mail listing it (and any other such
 * evaluation), with links — whether the work came with the opening, or with an assignment or a
 * nomination made later. Recorded in launch_notices in the same transaction as the e-mail, so two
 * runs at once (two instances) tell each person once; one audit entry per evaluation. The scheduler
 * runs it every few minutes; it reads only people not yet told, so a run with nothing new is cheap.
 */
export async function runLaunchNotices(ctx: AppContext, now: Date): Promise<number> {
  const day = dayIn(ctx.config.timeZone, now);
  const recipients = await ctx.db.transaction().execute(async (trx) => {
    const people: People = new Map();
    for (const kind of ['v1', 'v2'] as const) {
      const open = await openEvaluations(trx, kind);
      if (open.length > 0) await collect(trx, people, kind, open, true);
    }
    const settings = mailSettings(ctx.config);
    const told: PersonWork[] = [];
    for (const kind of ['v1', 'v2'] as const) {
      const pairs = [...people.values()].flatMap(({ person, works }) =>
        works.filter((w) => w.kind === kind).map((w) => ({ evaluation_id: w.id, user_id: person.user_id })),
      );
      const claimed = await claimLaunchNotices(trx, kind, pairs, nowIso(now.getTime()));
      for (const { person, works } of people.values())
        for (const w of works)
          if (w.kind === kind && claimed.has(`${w.id}:${person.user_id}`)) {
            let entry = told.find((p) => p.person.user_id === person.user_id);
            if (!entry) told.push((entry = { person, works: [] }));
            entry.works.push(w);
          }
    }
    await enqueueMail(
      trx,
      settings,
      told.map(({ person, works }) => ({
        kind: 'round-launch',
        to: { email: person.email, name: person.name, userId: person.user_id },
        content: launchContent(person.name, works, day, (path) => absoluteUrl(settings, path)),
      })),
    );
    const byEvaluation = new Map<string, { kind: EvaluationKind; id: number; userIds: number[] }>();
    for (const { person, works } of told)
      for (const w of works) {
        const key = `${w.kind}:${w.id}`;
        const entry = byEvaluation.get(key) ?? { kind: w.kind, id: w.id, userIds: [] };
        entry.userIds.push(person.user_id);
        byEvaluation.set(key, entry);
      }
    for (const { kind, id, userIds } of byEvaluation.values())
      await audit(trx, {
        userId: null,
        action: 'launch_notice',
        entity: AUDIT_ENTITY[kind],
        entityId: id,
        after: { recipients: userIds.length, user_ids: userIds },
      });
    return told.length + (await tellAboutNominations(trx, settings, now));
  });
  if (recipients > 0) kickOutbox(ctx.db);
  return recipients;
}

/**
 * The nominations' part of the sweep (decision 051): each evaluatee who can propose raters in a 360
 * evaluation is told once per evaluation, and each manager once per proposal sent to them; one e-mail
 * per person per sweep, one audit entry per nomination. Answers how many e-mails were written.
 */
async function tellAboutNominations(
  trx: Kysely<Database>,
  settings: MailSettings,
  now: Date,
): Promise<number> {
  const at = nowIso(now.getTime());
  const link = (path: string) => absoluteUrl(settings, path);
  const toMake = await nominationsToMake(trx);
  const made = await claimLaunchNotices(
    trx,
    'nominate',
    toMake.map((n) => ({ evaluation_id: n.evaluation_id, user_id: n.user_id })),
    at,
  );
  const makers = byPerson(toMake.filter((n) => made.has(`${n.evaluation_id}:${n.user_id}`)));
  const toApprove = await nominationsToApprove(trx);
  const approved = await claimLaunchNotices(
    trx,
    'approve',
    toApprove.map((n) => ({ evaluation_id: n.nomination_id, user_id: n.user_id })),
    at,
  );
  const approvers = byPerson(toApprove.filter((n) => approved.has(`${n.nomination_id}:${n.user_id}`)));
  await enqueueMail(trx, settings, [
    ...makers.map((notices): MailRequest => {
      const p = notices[0]!;
      return {
        kind: 'nominations',
        to: { email: p.email, name: p.name, userId: p.user_id },
        content: nominateContent(
          p.name,
          notices.map((n) => n.evaluation_name),
          link,
        ),
      };
    }),
    ...approvers.map((notices): MailRequest => {
      const p = notices[0]!;
      return {
        kind: 'nominations',
        to: { email: p.email, name: p.name, userId: p.user_id },
        content: approveContent(p.name, notices, link),
      };
    }),
  ]);
  for (const n of [...makers.flat(), ...approvers.flat()])
    await audit(trx, {
      userId: null,
      action: 'launch_notice',
      entity: 'v2_nomination',
      entityId: n.nomination_id,
      after: { recipients: 1, user_ids: [n.user_id] },
    });
  return makers.length + approvers.length;
}

/** Notices grouped by the person they go to, in the order found. */
function byPerson<T extends { user_id: number }>(notices: readonly T[]): T[][] {
  const groups = new Map<number, T[]>();
  for (const n of notices) groups.set(n.user_id, [...(groups.get(n.user_id) ?? []), n]);
  return [...groups.values()];
}

/**
 * Records everyone who has work in an open evaluation now as told about it, without writing to
 * them: for data that arrives with its rounds already running (the demo school), as migration 0025
 * does for an upgraded installation.
 */
export async function markOpenWorkTold(db: Kysely<Database>, now: Date): Promise<void> {
  for (const kind of ['v1', 'v2'] as const) {
    const people: People = new Map();
    const open = await openEvaluations(db, kind);
    if (open.length > 0) await collect(db, people, kind, open, true);
    const pairs = [...people.values()].flatMap(({ person, works }) =>
      works.map((w) => ({ evaluation_id: w.id, user_id: person.user_id })),
    );
    await claimLaunchNotices(db, kind, pairs, nowIso(now.getTime()));
  }
  const at = nowIso(now.getTime());
  const toMake = await nominationsToMake(db);
  await claimLaunchNotices(
    db,
    'nominate',
    toMake.map((n) => ({ evaluation_id: n.evaluation_id, user_id: n.user_id })),
    at,
  );
  const toApprove = await nominationsToApprove(db);
  await claimLaunchNotices(
    db,
    'approve',
    toApprove.map((n) => ({ evaluation_id: n.nomination_id, user_id: n.user_id })),
    at,
  );
}
