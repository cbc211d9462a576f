import pino from 'pino';

/** Log bytes gathered before one write to standard output. */
const BUFFER_BYTES = 4096;
/** What is gathered is written at least this often, so a quiet server's lines still show at once. */
const FLUSH_EVERY_MS = 1000;
/** Past this much waiting to be written (a reader that stopped reading), new lines are dropped. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;

/**
 * Standard output for the log, written in blocks (decision 031): pino writes each line to a pipe with
 * one system call, synchronously, which was most of the access log's cost; here lines are gathered
 * up to 4 kB and written asynchronously, at least once a second, and flushed synchronously when the
 * process exits (pino registers that) or the app closes. A reader that stops reading no longer
 * holds the server back: past 16 MB waiting, lines are dropped.
 */
export function bufferedStdout(): { stream: pino.DestinationStream; close(): void } {
  const stream = pino.destination({
    dest: 1,
    sync: false,
    minLength: BUFFER_BYTES,
    maxLength: MAX_PENDING_BYTES,
  });
  const timer = setInterval(() => stream.flush(), FLUSH_EVERY_MS);
  timer.unref();
  return {
    stream,
    close() {
      clearInterval(timer);
      try {
        stream.flushSync();
      } catch {
        // already ended (the process is exiting and pino flushed it): nothing left to write
      }
    },
  };
}
