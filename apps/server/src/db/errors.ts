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
