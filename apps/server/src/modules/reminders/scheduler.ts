import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { dayIn } from '@evalua/contracts';
import { runDueReminders, runLaunchNotices } from './service';

/** What the scheduler writes to the log. */
export interface SchedulerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** How often the scheduler looks at the clock: a day's reminders go out at most this late. */
export const REMINDER_CHECK_MS = 5 * 60_000;
/** After a change that can give someone work, the check comes this soon (changes in a burst share it). */
const SOON_MS = 1000;

/**
 * The calls after which someone may have new work to be told of (decision 062): a round's state or
 * its raters changed. Their successful writes bring the next check forward.
 */
const WORK_ROUTES = /^\/api\/(evaluations|evaluations-v2|assignments|assignments-v2|nominations)(\/|$)/;

/** A successful write to one of WORK_ROUTES. */
export function mayGiveWork(method: string, routeUrl: string | undefined, status: number): boolean {
  return method !== 'GET' && method !== 'HEAD' && status < 300 && WORK_ROUTES.test(routeUrl ?? '');
}

/**
 * Every few minutes: the launch notices (decision 051: one indexed read when nobody is new), and the
 * automatic reminders (decision 033) through runDueReminders, which does nothing before REMINDER_HOUR
 * and claims the day's run in the database (one instance wins). Once this instance has seen the day's
 * reminders done (by itself or another), it leaves them until the next day. One run at a time;
 * stop() waits for the one in flight.
 */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private soonTimer: NodeJS.Timeout | undefined;
  /** A check was asked for while one ran: it runs once more when that one ends. */
  private again = false;
  private running: Promise<void> | undefined;
  private doneDay: string | undefined;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: SchedulerLog,
    private readonly everyMs: number = REMINDER_CHECK_MS,
  ) {}

  /**
   * A check a moment from now (debounced): after a change that can give someone new work (a round
   * opened, raters assigned or approved), the launch e-mail goes out then, not at the next check.
   */
  soon(delayMs = SOON_MS): void {
    if (this.soonTimer || this.stopped) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = undefined;
      this.tick();
    }, delayMs);
    this.soonTimer.unref();
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
    this.tick();
  }

  private tick(): void {
    if (this.stopped) return;
    if (this.running) {
      // A change during a run may not be seen by it: one more check right after.
      this.again = true;
      return;
    }
    this.running = this.run(new Date()).finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.tick();
      }
    });
  }

  private async run(now: Date): Promise<void> {
    // Every check: tell people about evaluations that now have work for them (decision 051).
    await runLaunchNotices(this.ctx, now)
      .then((recipients) => {
        if (recipients > 0) this.log.info({ recipients }, 'Avisos de inicio de evaluación enviados');
      })
      .catch((err: unknown) => {
        // Nothing was written (one transaction): the next check tries again.
        this.log.error({ err }, 'Avisos de inicio de evaluación: no se pudieron enviar; se reintentará');
      });
    if (this.doneDay === dayIn(this.ctx.config.timeZone, now)) return;
    await runDueReminders(this.ctx, now)
      .then((run) => {
        if (run.outcome !== 'early') this.doneDay = run.day;
        if (run.outcome === 'ran')
          this.log.info({ day: run.day, recipients: run.recipients }, 'Recordatorios automáticos enviados');
      })
      .catch((err: unknown) => {
        this.log.error({ err }, 'Recordatorios automáticos: no se pudieron enviar; se reintentará');
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.soonTimer) clearTimeout(this.soonTimer);
    this.soonTimer = undefined;
    this.timer = undefined;
    await this.running;
  }
}

/** Starts the automatic reminders of this instance; stop() before the database closes. */
export function startReminderScheduler(
  ctx: AppContext,
  log: SchedulerLog,
): { stop(): Promise<void>; soon(): void } {
  const scheduler = new ReminderScheduler(ctx, log);
  scheduler.start();
  return scheduler;
}

/**
 * The automatic reminders of one app instance (unless config.automaticReminders is off, as in the
 * API tests, which call runDueReminders themselves): started when the app is ready, stopped at close
 * (the graceful stop) before the database closes.
 */
export function registerReminderScheduler(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.automaticReminders) return;
  let scheduler: { stop(): Promise<void>; soon(): void } | undefined;
  app.addHook('onReady', async () => {
    scheduler = startReminderScheduler(ctx, app.log);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (mayGiveWork(request.method, request.routeOptions.url, reply.statusCode)) scheduler?.soon();
  });
  app.addHook('onClose', async () => {
    await scheduler?.stop();
  });
}
