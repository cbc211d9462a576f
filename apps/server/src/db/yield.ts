/**
 * Lets the event loop serve other requests before going on: SQLite's statements run synchronously,
 * so long work made of several of them yields between them (decision 032).
 */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
