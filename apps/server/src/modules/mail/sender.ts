import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Engine } from '../../db/connection';
import type { Database } from '../../db/schema';
import { noteIfStoreFault } from '../../db/store-faults';
import { nowIso } from '../../time';
import {
  claimDue,
  finishAttempt,
  mailSettings,
  markAttemptStarted,
  onOutboxWrite,
  type OutboxRow,
} from './service';

/** Messages claimed at once (and sent over the pool's connections). */
const BATCH = 20;
/** How long a claim holds: longer than any one delivery can take with the timeouts below. */
const CLAIM_MS = 2 * 60_000;
/** The longest wait between two attempts. */
const MAX_BACKOFF_SECONDS = 3600;
/**
 * Messages handed to the SMTP server at once: the pool's connections. A message is marked as
 * started only when a connection is about to take it (decision 044), not while it would wait in
 * nodemailer's queue.
 */
const CONNECTIONS = 2;

export type AttemptResult =
  | { status: 'enviado'; sentAt: string }
  | { status: 'pendiente'; error: string; nextAttemptAt: string }
  | { status: 'fallido'; error: string };

interface SmtpError {
  message?: string;
  response?: string;
  responseCode?: number;
  code?: string;
}

/** The SMTP server's own answer when there is one, else what went wrong (at most 500 characters). */
export function errorText(err: unknown): string {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpError;
  const text = e.response ?? e.message ?? String(err);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/**
 * What one failed attempt leads to: a 5xx answer is final (the server refuses the message or the
 * recipient for good), and so is an envelope nodemailer refuses to send; anything else (4xx, no connection, a timeout) is retried after
 * retrySeconds × 2^(attempts − 1), at most an hour, until maxAttempts.
 */
export function afterFailure(
  err: unknown,
  attempts: number,
  config: Pick<Config, 'mailRetrySeconds' | 'mailMaxAttempts'>,
  now: number = Date.now(),
): AttemptResult {
  const error = errorText(err);
  const e = err as SmtpError | null;
  const code = e?.responseCode;
  if (typeof code === 'number' && code >= 500 && code < 600) return { status: 'fallido', error };
  // Refused by nodemailer itself before any server saw it (no recipient left, a recipient it cannot
  // write): sending again cannot change that.
  if (e?.code === 'EENVELOPE' && code === undefined) return { status: 'fallido', error };
  if (attempts >= config.mailMaxAttempts) return { status: 'fallido', error };
  const wait = Math.min(MAX_BACKOFF_SECONDS, config.mailRetrySeconds * 2 ** Math.max(0, attempts - 1));
  return { status: 'pendiente', error, nextAttemptAt: nowIso(now + wait * 1000) };
}

/**
 * Delivers the outbox (decision 033): claims due messages in one statement (SKIP LOCKED on
 * PostgreSQL, so any number of instances share the work and each message goes out once), sends
 * each over SMTP, and records the answer. It looks when told of a new message and every
 * `mailPollMilliseconds` otherwise. stop() claims nothing more and waits for the deliveries in flight.
 */
export class MailSender {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!config.smtpUrl) throw new Error('MailSender needs SMTP_URL');
    this.transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: CONNECTIONS,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  start(): void {
    this.unsubscribe = onOutboxWrite(this.db, () => this.wake());
    this.schedule();
    this.wake();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.wake();
      this.schedule();
    }, this.config.mailPollMilliseconds);
    this.timer.unref();
  }

  /** Runs a pass now, or right after the one in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => {
        // A claim or a record the store refused (full, read-only): /api/health says so (decision 044).
        noteIfStoreFault(this.db, err);
        this.log.warn({ err }, 'outbox: pass failed');
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Claims and sends batches until none is due. */
  private async drain(): Promise<void> {
    while (!this.stopped) {
      const now = Date.now();
      const claimedUntil = nowIso(now + CLAIM_MS);
      const batch = await claimDue(this.db, this.engine, nowIso(now), claimedUntil, BATCH);
      if (batch.length === 0) return;
      // A write that fails (the store is full or read-only) stops the batch: sending more messages
      // whose end cannot be recorded would only send them again later. Their claims lapse.
      let next = 0;
      let failure: { err: unknown } | undefined;
      const worker = async () => {
        while (next < batch.length && failure === undefined) {
          try {
            await this.deliver(batch[next++]!, claimedUntil);
          } catch (err) {
            failure ??= { err };
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONNECTIONS, batch.length) }, worker));
      if (failure) throw failure.err;
      if (batch.length < BATCH) return;
    }
  }

  /** The Message-ID of a message written before they were kept: stable across attempts too. */
  private fallbackMessageId(row: OutboxRow): string {
    const host = new URL(mailSettings(this.config).publicUrl).hostname || 'evalua.invalid';
    return `<outbox-${row.id}.${row.created_at.replace(/\D/g, '')}@${host}>`;
  }

  /**
   * One attempt (decision 044): noted as started (only while this claim holds the row; a claim that
   * lapsed sends nothing), handed to the SMTP server with the message's own Message-ID, and its end
   * recorded at once — the server's acceptance and the record 'enviado' have nothing between them.
   */
  private async deliver(row: OutboxRow, claimedUntil: string): Promise<void> {
    if (!(await markAttemptStarted(this.db, row.id, claimedUntil, nowIso()))) {
      this.log.warn(
        { outboxId: row.id },
        'outbox: claim lapsed before sending; another attempt will send it',
      );
      return;
    }
    let result: AttemptResult;
    try {
      await this.transport.sendMail({
        from: this.config.mailFrom,
        // Always as one address: a bare string would be read as a list ('a@x, b@y', 'N <b@y>').
        to: { name: row.to_name ?? '', address: row.to_email },
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: row.message_id ?? this.fallbackMessageId(row),
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      result = { status: 'enviado', sentAt: nowIso() };
    } catch (err) {
      result = afterFailure(err, row.attempts, this.config);
      this.log.warn(
        { outboxId: row.id, attempt: row.attempts, error: errorText(err) },
        'outbox: delivery failed',
      );
    }
    await finishAttempt(this.db, row.id, claimedUntil, result);
  }

  /** Claims nothing more, waits for the deliveries in flight, closes the SMTP connections. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.unsubscribe?.();
    await this.running;
    this.transport.close();
  }
}
