import fs from 'node:fs';
import type SQLite from 'better-sqlite3';
import {
  DeleteQueryNode,
  InsertQueryNode,
  SelectQueryNode,
  UpdateQueryNode,
  type CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * better-sqlite3 for Kysely, with three changes to Kysely's own SQLite driver (decision 020,
 * docs/performance.md):
 *
 * - Group commit. Each request's transaction runs in a savepoint of a SQLite transaction that
 *   concurrent requests share (a failing one rolls back alone); the SQLite COMMIT then writes the
 *   pages they touched once for all of them (the hot pages of the answer and audit indexes are
 *   the same for every submit). A group commits on the next turn of the event loop, or, while the
 *   previous group's fsync is still running, as soon as it has finished — sooner when 64 are
 *   waiting or the oldest has waited 10 ms.
 * - Durable acknowledgement without blocking the event loop. The database runs with
 *   `synchronous=NORMAL` in WAL mode: a COMMIT writes the WAL but does not fsync it. A transaction
 *   is acknowledged (its `execute` resolves) only after its group's COMMIT and an fsync of the WAL
 *   file that began after it — run by libuv's thread pool while the event loop serves other
 *   requests. So an acknowledged write survives a crash of the process and of the machine, as with
 *   `synchronous=FULL`. If the COMMIT or the fsync fails, every transaction of the group fails. An
 *   INSERT, UPDATE or DELETE outside a transaction (e.g. a session's last-seen time) is a
 *   one-statement transaction of the group; other statements outside a transaction (raw SQL, DDL)
 *   run on their own once the open group has committed. A read may see a grouped transaction's
 *   writes a few milliseconds before they are durable.
 * - Prepared statements are cached by SQL text (Kysely prepares every query again).
 */

/** Transactions per group commit, at most. */
const GROUP_MAX = 64;
/** A group commits once its oldest transaction has waited this long, whatever is queued. */
const GROUP_MAX_WAIT_MS = 10;
/** Prepared statements kept; the cache starts over past this (IN lists make many texts). */
const STATEMENT_CACHE_SIZE = 500;
const SAVEPOINT = 'evalua_tx';

/** How long closing the database waits for a transaction still running. */
const DESTROY_WAIT_MS = 5000;

/** A FIFO lock that knows how many are waiting. */
class Lock {
  private held = false;
  private readonly queue: Array<() => void> = [];

  get waiting(): number {
    return this.queue.length;
  }

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  /** Hands the lock to the next in line, or frees it. */
  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.held = false;
  }
}

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface GroupCommitStats {
  /** Transactions committed (acknowledged). */
  transactions: number;
  /** COMMIT statements run for them. */
  commits: number;
  /** fsync calls of the WAL that made them durable. */
  syncs: number;
}

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Makes what was committed durable: `durable()` resolves once an fsync of the WAL file that started
 * after the call has finished. While one fsync runs, the callers that arrive wait for the next one,
 * which serves them all.
 */
class WalSync {
  private running = false;
  private next: Waiter[] = [];
  private fd: number | undefined;
  private inode: number | undefined;
  syncs = 0;

  /** `onSynced` runs after each fsync, once its waiters have been told. */
  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly onSynced: () => void,
  ) {}

  get busy(): boolean {
    return this.running;
  }

  durable(): Promise<void> {
    if (this.sqlite.memory) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.next.push({ resolve, reject });
      if (!this.running) this.start();
    });
  }

  private start(): void {
    const batch = this.next;
    this.next = [];
    this.running = true;
    let fd: number;
    try {
      fd = this.file();
    } catch (err) {
      this.finish(batch, err);
      return;
    }
    fs.fsync(fd, (err) => this.finish(batch, err));
  }

  private finish(batch: readonly Waiter[], err: unknown): void {
    this.running = false;
    this.syncs += 1;
    for (const w of batch) {
      if (err) w.reject(err);
      else w.resolve();
    }
    if (this.next.length > 0) this.start();
    this.onSynced();
  }

  /**
   * A descriptor of the WAL file (of the database file when there is no WAL: then SQLite wrote
   * there). Opened again when the file was replaced (the WAL is removed when the database closes).
   */
  private file(): number {
    const wal = `${this.sqlite.name}-wal`;
    const target = fs.existsSync(wal) ? wal : this.sqlite.name;
    const { ino } = fs.statSync(target);
    if (this.fd === undefined || this.inode !== ino) {
      this.close();
      this.fd = fs.openSync(target, 'r');
      this.inode = ino;
    }
    return this.fd;
  }

  /** Resolves once no fsync is running or waiting. */
  async settle(): Promise<void> {
    while (this.running || this.next.length > 0) await new Promise((r) => setTimeout(r, 1));
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
    this.inode = undefined;
  }
}

/** One use of the connection (from acquire to release): Kysely's DatabaseConnection. */
class Lease implements DatabaseConnection {
  /** Inside a transaction (its savepoint is open). */
  inTransaction = false;
  /** Its transaction is finished (committed or failed with its group): nothing left to roll back. */
  finished = false;
  /** The lock was handed over already (a transaction waiting for its group's commit). */
  released = false;

  constructor(private readonly driver: GroupCommitSqliteDriver) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // A lease that handed the connection on (a write waiting for its group) takes it again for its
    // next statement.
    if (this.released) await this.driver.reacquire(this);
    const { query } = compiledQuery;
    if (
      !this.inTransaction &&
      (InsertQueryNode.is(query) || UpdateQueryNode.is(query) || DeleteQueryNode.is(query))
    ) {
      return this.driver.runAlone<R>(this, compiledQuery);
    }
    const result = this.driver.run<R>(compiledQuery, this.inTransaction);
    // A write that is not a plain INSERT, UPDATE or DELETE (raw SQL, DDL) ran on its own: it is
    // acknowledged once durable too.
    if (!this.inTransaction && !this.driver.wasReadOnly(compiledQuery.sql)) {
      return this.driver.durable().then(() => result);
    }
    return Promise.resolve(result);
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) {
      throw new Error('Sqlite driver only supports streaming of select queries');
    }
    // Its own statement: a cached one could be asked for again while this iteration is open.
    const stmt = this.driver.sqlite.prepare(compiledQuery.sql);
    for (const row of stmt.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }
}

export class GroupCommitSqliteDriver implements Driver {
  private readonly lock = new Lock();
  private destroyed = false;
  private readonly statements = new Map<string, SQLite.Statement>();
  /** A SQLite transaction is open, holding the work of `waiters` (and maybe of the current lease). */
  private open = false;
  private waiters: Waiter[] = [];
  private oldestWaiterAt = 0;
  private readonly counts = { transactions: 0, commits: 0 };
  private readonly sync: WalSync;
  /** A group is open and waits for the running fsync to finish before it commits. */
  private commitAfterSync = false;
  /**
   * Groups whose COMMIT failed or that SQLite rolled back on its own. Their writes may have been
   * read before (a read sees a group's released savepoints); a cache of what was read must not
   * outlive them (decision 032: StampedCache and the frozen items read it).
   */
  private rollbacks = 0;
  /** The last error of a write statement: why SQLite may have ended a shared transaction itself. */
  private lastWriteError: unknown;

  get groupRollbacks(): number {
    return this.rollbacks;
  }

  constructor(readonly sqlite: SQLite.Database) {
    this.sync = new WalSync(sqlite, () => this.afterSync());
  }

  get stats(): GroupCommitStats {
    return { ...this.counts, syncs: this.sync.syncs };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return new Lease(this);
  }

  async reacquire(lease: Lease): Promise<void> {
    await this.lock.acquire();
    lease.released = false;
    lease.finished = false;
  }

  prepare(sql: string): SQLite.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      stmt = this.sqlite.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** Whether the statement of this SQL text (prepared already) leaves the database as it was. */
  wasReadOnly(sql: string): boolean {
    return this.statements.get(sql)?.readonly ?? true;
  }

  durable(): Promise<void> {
    return this.sync.durable();
  }

  private exec(sql: string): void {
    this.prepare(sql).run();
  }

  run<R>(compiledQuery: CompiledQuery, inTransaction: boolean): QueryResult<R> {
    const { sql, parameters, query } = compiledQuery;
    // Other statements outside a transaction (raw SQL, DDL, pragmas) run on their own, after the
    // open group has committed.
    if (!inTransaction && this.open && !SelectQueryNode.is(query)) this.commitGroup();
    const stmt = this.prepare(sql);
    if (stmt.reader) return { rows: stmt.all(parameters as unknown[]) as R[] };
    let outcome: SQLite.RunResult;
    try {
      outcome = stmt.run(parameters as unknown[]);
    } catch (err) {
      this.lastWriteError = err;
      throw err;
    }
    const { changes, lastInsertRowid } = outcome;
    return {
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    };
  }

  /**
   * An INSERT, UPDATE or DELETE outside a transaction: a one-statement transaction of the group,
   * answered once the group has committed (a statement that fails is undone alone, as in SQLite).
   */
  async runAlone<R>(lease: Lease, compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.open && this.groupIsDue()) {
      try {
        this.commitGroup();
      } catch {
        // The waiting transactions got the error; this statement has not run yet.
      }
    }
    if (!this.open) {
      this.exec('begin');
      this.open = true;
    }
    let result: QueryResult<R>;
    try {
      result = this.run<R>(compiledQuery, true);
    } catch (err) {
      // SQLite ended the whole transaction itself (e.g. disk full): the group's earlier work is gone.
      if (!this.sqlite.inTransaction) this.failGroup(err);
      throw err;
    }
    await this.awaitGroup(lease);
    return result;
  }

  /** Waits for the COMMIT of the group the lease's work joined, giving the connection to the next. */
  private async awaitGroup(lease: Lease): Promise<void> {
    if (this.waiters.length + 1 >= GROUP_MAX) {
      // A full group: commit now, for this work and the waiting ones.
      const committed = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
      lease.released = true;
      try {
        this.commitGroup();
      } finally {
        this.lock.release();
      }
      await committed;
      return;
    }
    // Requests already under way (their bodies read, their first queries run) get one turn of the
    // event loop to join this SQLite transaction.
    const committed = new Promise<void>((resolve, reject) => {
      if (this.waiters.length === 0) this.oldestWaiterAt = performance.now();
      this.waiters.push({ resolve, reject });
    });
    this.scheduleFlush();
    lease.released = true;
    this.lock.release();
    await committed;
  }

  /**
   * COMMITs the open SQLite transaction and acknowledges its waiting transactions once the WAL is
   * durable; on failure
   * rolls back and fails them all, and throws.
   */
  private commitGroup(): void {
    const waiters = this.waiters;
    this.waiters = [];
    this.open = false;
    try {
      this.exec('commit');
    } catch (err) {
      this.rollbacks += 1;
      if (this.sqlite.inTransaction) this.exec('rollback');
      for (const w of waiters) w.reject(err);
      throw err;
    }
    this.counts.commits += 1;
    this.counts.transactions += waiters.length;
    this.sync.durable().then(
      () => {
        for (const w of waiters) w.resolve();
      },
      (err: unknown) => {
        for (const w of waiters) w.reject(err);
      },
    );
  }

  /** Fails the waiting transactions: SQLite rolled their (shared) transaction back on its own. */
  private failGroup(err: unknown): void {
    this.rollbacks += 1;
    const waiters = this.waiters;
    this.waiters = [];
    this.open = false;
    for (const w of waiters) w.reject(err);
  }

  private groupIsDue(): boolean {
    return (
      this.waiters.length > 0 &&
      (this.waiters.length >= GROUP_MAX || performance.now() - this.oldestWaiterAt >= GROUP_MAX_WAIT_MS)
    );
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (this.open && this.groupIsDue()) this.commitGroup();
    if (!this.open) {
      this.exec('begin');
      this.open = true;
    }
    this.exec(`savepoint ${SAVEPOINT}`);
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    this.exec(`release ${SAVEPOINT}`);
    lease.inTransaction = false;
    lease.finished = true;
    await this.awaitGroup(lease);
  }

  private flushScheduled = false;

  /**
   * Commits the open group on the next turn of the event loop, once the connection is free — or,
   * while an fsync is running, once it has finished (the group grows meanwhile), unless it is due.
   */
  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      if (this.sync.busy && !this.groupIsDue()) {
        this.commitAfterSync = true;
        return;
      }
      this.flush();
    });
  }

  private afterSync(): void {
    if (!this.commitAfterSync) return;
    this.commitAfterSync = false;
    this.flush();
  }

  /** Commits the open group (if any) as soon as the connection is free. */
  private flush(): void {
    void this.lock.acquire().then(() => {
      try {
        if (this.open) this.commitGroup();
      } catch {
        // The waiting transactions got the error.
      } finally {
        this.lock.release();
      }
    });
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.finished) return;
    lease.inTransaction = false;
    lease.finished = true;
    if (!this.sqlite.inTransaction) {
      // SQLite ended the whole transaction itself (e.g. disk full): the group's earlier work is gone.
      // The others of the group fail with that cause (a full disk is a 503, decision 044).
      const cause = this.lastWriteError;
      const code = (cause as { code?: unknown } | undefined)?.code;
      this.failGroup(
        Object.assign(new Error('La transacción de SQLite se revirtió.', { cause }), {
          ...(typeof code === 'string' ? { code } : {}),
        }),
      );
      return;
    }
    this.exec(`rollback to ${SAVEPOINT}`);
    this.exec(`release ${SAVEPOINT}`);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.released) return;
    lease.released = true;
    // An open SQLite transaction with no transaction waiting on it (one rolled back) ends now; a
    // group that has waited long enough commits now rather than at the scheduled flush.
    if (this.open && (this.waiters.length === 0 || this.groupIsDue())) {
      try {
        this.commitGroup();
      } catch {
        // The waiting transactions got the error; this lease's own work was not in the group.
      }
    }
    this.lock.release();
  }

  /**
   * Closes the database. A transaction still running (a request whose client went away while the
   * server stops) holds the connection: wait for it (at most DESTROY_WAIT_MS) so that the group is
   * committed whole, never with half a transaction in it; one that never ends is rolled back by
   * the close.
   */
  async destroy(): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    let timer: NodeJS.Timeout | undefined;
    const free = await Promise.race([
      this.lock.acquire().then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DESTROY_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (free && this.open) {
      try {
        this.commitGroup();
      } catch {
        // reported to the waiting transactions
      }
    }
    await this.sync.settle();
    this.sync.close();
    this.statements.clear();
    this.sqlite.close();
  }
}

/** SQLite's adapter, knowing its driver: what reads `groupRollbacksOf` a database. */
class GroupCommitSqliteAdapter extends SqliteAdapter {
  constructor(readonly driver: GroupCommitSqliteDriver) {
    super();
  }
}

/**
 * How many groups of this database failed after their writes could be read (0 on PostgreSQL, which
 * has no dirty reads). A cache keeps it with what it computed, and drops what it kept when it grows.
 */
export function groupRollbacksOf<DB>(db: Kysely<DB>): number {
  const adapter = db.getExecutor().adapter;
  return adapter instanceof GroupCommitSqliteAdapter ? adapter.driver.groupRollbacks : 0;
}

export class GroupCommitSqliteDialect implements Dialect {
  readonly driver: GroupCommitSqliteDriver;

  constructor(sqlite: SQLite.Database) {
    this.driver = new GroupCommitSqliteDriver(sqlite);
  }

  createDriver(): Driver {
    return this.driver;
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new GroupCommitSqliteAdapter(this.driver);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
