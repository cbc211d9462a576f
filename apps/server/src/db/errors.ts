/** Recognises driver errors the same way on SQLite and PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown } | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
  );
}

export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: unknown } | null;
  return (
    typeof e === 'object' && e !== null && (e.code === '23503' || e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY')
  );
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  // crash_shutdown: the server restarts after another backend crashed.
  '57P02',
  '57P03',
  '08006',
  '08001',
]);

export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (typeof e !== 'object' || e === null) return false;
  if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
  // pg's own messages: the socket closed, a connect timed out, or a query on a client whose connection
  // already failed ("Client has encountered a connection error and is not queryable").
  return (
    typeof e.message === 'string' &&
    /Connection terminated|connection timeout|connection error and is not queryable/i.test(e.message)
  );
}

/**
 * SQLite's I/O error codes that are about the disk (SQLITE_IOERR_NOMEM is memory, not the store).
 * SQLite reports ENOSPC as SQLITE_FULL, a file it may not write as SQLITE_READONLY*, and other
 * failed reads, writes, fsyncs or truncations of its files as SQLITE_IOERR_*.
 */
const SQLITE_STORE = /^SQLITE_(FULL|READONLY(_\w+)?|IOERR(_\w+)?)$/;

/**
 * What the operating system says when a file cannot be written for lack of space or because the
 * file system is read-only (the group commit's own fsync of the WAL, decision 020), and the
 * PostgreSQL equivalents: 53100 disk_full, 25006 read_only_sql_transaction (a server in recovery or
 * set read-only), 58030 io_error.
 */
const STORE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', '53100', '25006', '58030']);

/**
 * The store cannot take writes: its disk is full, it is read-only, or its files cannot be written
 * (decision 044). Not the caller's fault and not a bug of ours: a 503 with Retry-After, and /api/health
 * says so until writes succeed again.
 */
export function isStoreFault(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: unknown } | null;
  if (typeof e !== 'object' || e === null) return false;
  if (typeof e.code === 'string') {
    if (e.code === 'SQLITE_IOERR_NOMEM') return false;
    if (SQLITE_STORE.test(e.code) || STORE_CODES.has(e.code)) return true;
  }
  // A group whose shared SQLite transaction failed passes the cause on (db/sqlite-driver.ts).
  return e.cause !== undefined && e.cause !== err && isStoreFault(e.cause);
}
