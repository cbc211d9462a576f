import { ERROR_CODES, HTTP_MESSAGES } from '@evalua/contracts';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../http/errors';

// argon2id (the library's default algorithm) with OWASP's parameters: m=19 MiB, t=2, p=1.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 runs on libuv's thread pool (4 threads), which also runs the SQLite driver's WAL fsync
 * (decision 020), file reads and DNS. Unbounded, a flood of hashes fills the pool and every write
 * waits behind it. So at most ARGON2_MAX_RUNNING operations run at once in a process (2: this
 * machine has two cores, and two pool threads stay free), the others wait in turn, and past
 * ARGON2_MAX_WAITING waiting ones a new one is refused at once with a 503 instead of queueing
 * without end (decision 021).
 */
export const ARGON2_MAX_RUNNING = 2;
export const ARGON2_MAX_WAITING = 256;

export interface GateStats {
  running: number;
  waiting: number;
  /** The most that ran at once since the last resetPeak(). */
  peakRunning: number;
  /** Operations refused because too many were waiting. */
  refused: number;
}

/** A counting semaphore with a bounded queue, first come first served. */
export class Gate {
  private running = 0;
  private peak = 0;
  private refusedCount = 0;
  private readonly queue: Array<() => void> = [];

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.maxRunning) {
      this.running += 1;
    } else {
      if (this.queue.length >= this.maxWaiting) {
        this.refusedCount += 1;
        throw new AppError(503, ERROR_CODES.unavailable, HTTP_MESSAGES.unavailable);
      }
      // release() hands its place over: `running` stays counted for this task.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running -= 1;
  }

  stats(): GateStats {
    return {
      running: this.running,
      waiting: this.queue.length,
      peakRunning: this.peak,
      refused: this.refusedCount,
    };
  }

  resetPeak(): void {
    this.peak = this.running;
  }
}

const gate = new Gate(ARGON2_MAX_RUNNING, ARGON2_MAX_WAITING);
const counts = { hashes: 0, verifications: 0 };

export interface Argon2Stats extends GateStats {
  /** hashPassword calls in this process. */
  hashes: number;
  /** verifyPassword calls in this process: the password checks. */
  verifications: number;
}

/** This process's argon2 work so far: the tests read it to prove a refusal did no password check. */
export function argon2Stats(): Argon2Stats {
  return { ...counts, ...gate.stats() };
}

export function resetArgon2Peak(): void {
  gate.resetPeak();
}

export function hashPassword(password: string): Promise<string> {
  counts.hashes += 1;
  return gate.run(() => hash(password, OPTIONS));
}

// A hash of a random string: verifying against it costs the same as a real check, so an unknown
// e-mail answers in the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

function dummy(): Promise<string> {
  dummyHash ??= hash(crypto.randomUUID(), OPTIONS);
  return dummyHash;
}

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  counts.verifications += 1;
  if (storedHash === null) {
    const target = await dummy();
    await gate.run(() => verify(target, password).catch(() => false));
    return false;
  }
  return gate.run(async () => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  });
}
