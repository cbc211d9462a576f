import type pino from 'pino';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields every line has, shown in their own place (or not at all) rather than as extras. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err']);
/** The access line's fields (log-redaction.ts AccessLog), shown as "GET /url → 200 (3 ms)". */
const ACCESS = new Set(['method', 'url', 'statusCode', 'responseTime', 'remoteAddress']);

const clock = (time: unknown) =>
  typeof time === 'number' ? new Date(time).toISOString().slice(11, 19) : '--:--:--';

/**
 * One pino JSON line as a person reads it in a terminal (issue 29 §8): the time, the level, the
 * message, then what else the line carries; an access line as "GET /api/x → 200 (3 ms)", an error
 * with its stack below. A line that is not JSON is written as it came.
 */
export function terminalLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null) return json.endsWith('\n') ? json : `${json}\n`;
    entry = parsed as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = LEVELS[Number(entry.level)] ?? String(entry.level ?? '');
  const parts = [clock(entry.time), level.padEnd(5)];
  const isAccess = entry.method !== undefined && entry.url !== undefined;
  if (isAccess) {
    const status = entry.statusCode === undefined ? String(entry.msg ?? '') : `→ ${String(entry.statusCode)}`;
    const time = typeof entry.responseTime === 'number' ? ` (${entry.responseTime.toFixed(0)} ms)` : '';
    parts.push(`${String(entry.method)} ${String(entry.url)} ${status}${time}`);
  } else if (entry.msg !== undefined) {
    parts.push(String(entry.msg));
  }
  const extra = Object.fromEntries(
    Object.entries(entry).filter(([key]) => !SHOWN.has(key) && !(isAccess && ACCESS.has(key))),
  );
  if (Object.keys(extra).length > 0) parts.push(JSON.stringify(extra));
  let line = parts.join(' ');
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined;
  if (err && typeof err === 'object') {
    const stack = typeof err.stack === 'string' ? err.stack : String(err.message ?? '');
    line += `\n  ${stack.split('\n').join('\n  ')}`;
  }
  return `${line}\n`;
}

/**
 * Standard output for a terminal: each line written at once, readable (terminalLine). A terminal is
 * a person watching, not a log collector: no gathering into blocks (log-destination.ts does that for
 * pipes and files, in JSON).
 */
export function terminalStdout(write: (text: string) => void = (text) => process.stdout.write(text)): {
  stream: pino.DestinationStream;
  close(): void;
} {
  return {
    stream: { write: (json: string) => write(terminalLine(json)) },
    close() {},
  };
}
