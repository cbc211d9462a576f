import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { stopOnSignals, whenStarted, type StoppableService } from './stop-on-signals';

/** A service whose stop finishes when the test says (or when force() is called, if `forceEnds`). */
function service(forceEnds: boolean) {
  let finish!: () => void;
  const stopped = new Promise<void>((resolve) => (finish = resolve));
  const calls: string[] = [];
  const s: StoppableService = {
    stop: () => {
      calls.push('stop');
      return stopped;
    },
    force: () => {
      calls.push('force');
      if (forceEnds) finish();
    },
  };
  return { s, calls, finish };
}

function harness(forceEnds = true, timeoutMs = 30) {
  const source = new EventEmitter();
  const lines: string[] = [];
  const exits: number[] = [];
  let exited!: (code: number) => void;
  const exitCode = new Promise<number>((resolve) => (exited = resolve));
  const svc = service(forceEnds);
  const remove = stopOnSignals(svc.s, {
    timeoutMs,
    source: source as unknown as Pick<NodeJS.Process, 'on' | 'removeListener'>,
    say: (l) => lines.push(l),
    exit: (code) => {
      exits.push(code);
      exited(code);
    },
  });
  return { source, lines, exits, exitCode, ...svc, remove };
}

describe('stopOnSignals', () => {
  it('SIGTERM: stops gracefully and exits 0 once the service has stopped', async () => {
    const h = harness();
    h.source.emit('SIGTERM', 'SIGTERM');
    expect(h.calls).toEqual(['stop']);
    expect(h.exits).toEqual([]);
    h.finish();
    expect(await h.exitCode).toBe(0);
    expect(h.calls).toEqual(['stop']);
    expect(h.lines[0]).toMatch(/^Señal SIGTERM: Evalúa deja de aceptar conexiones/);
    expect(h.lines.at(-1)).toBe('Evalúa se detuvo.');
  });

  it('requests that outlast the limit: their connections are cut, then exit 0 when the stop ends', async () => {
    const h = harness(true, 20);
    h.source.emit('SIGINT', 'SIGINT');
    expect(await h.exitCode).toBe(0);
    expect(h.calls).toEqual(['stop', 'force']);
    expect(h.lines.some((l) => l.includes('se cortan sus conexiones'))).toBe(true);
  });

  it('a stop that never ends even after cutting: exit 1 after a second limit', async () => {
    const h = harness(false, 20);
    h.source.emit('SIGTERM', 'SIGTERM');
    expect(await h.exitCode).toBe(1);
    expect(h.calls).toEqual(['stop', 'force']);
  });

  it('a second signal exits 1 at once', async () => {
    const h = harness(false, 10_000);
    h.source.emit('SIGTERM', 'SIGTERM');
    h.source.emit('SIGINT', 'SIGINT');
    expect(await h.exitCode).toBe(1);
    expect(h.calls).toEqual(['stop']);
  });

  it('a failed stop exits 1 and says why', async () => {
    const source = new EventEmitter();
    const lines: string[] = [];
    const code = await new Promise<number>((resolve) => {
      stopOnSignals(
        { stop: () => Promise.reject(new Error('la base de datos no cerró')), force: () => undefined },
        {
          timeoutMs: 1000,
          source: source as unknown as Pick<NodeJS.Process, 'on' | 'removeListener'>,
          say: (l) => lines.push(l),
          exit: resolve,
        },
      );
      source.emit('SIGTERM', 'SIGTERM');
    });
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe('Evalúa no se detuvo limpiamente: la base de datos no cerró');
  });

  it('the returned function removes the handlers', () => {
    const h = harness();
    h.remove();
    expect(h.source.listenerCount('SIGTERM')).toBe(0);
    expect(h.source.listenerCount('SIGINT')).toBe(0);
  });
});

describe('whenStarted: a signal while the service is still starting', () => {
  function starting() {
    let resolve!: (s: StoppableService) => void;
    let reject!: (err: Error) => void;
    const promise = new Promise<StoppableService>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  }

  it('lets the start finish, then stops the started service and exits 0', async () => {
    const source = new EventEmitter();
    const exits: number[] = [];
    let exited!: (code: number) => void;
    const exitCode = new Promise<number>((resolve) => (exited = resolve));
    const start = starting();
    stopOnSignals(whenStarted(start.promise), {
      timeoutMs: 10_000,
      source: source as unknown as Pick<NodeJS.Process, 'on' | 'removeListener'>,
      say: () => undefined,
      exit: (code) => {
        exits.push(code);
        exited(code);
      },
    });
    source.emit('SIGTERM', 'SIGTERM');
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([]);
    const svc = service(true);
    start.resolve(svc.s);
    await new Promise((resolve) => setImmediate(resolve));
    expect(svc.calls).toEqual(['stop']);
    svc.finish();
    expect(await exitCode).toBe(0);
  });

  it('a start that fails: the stop fails with its reason (exit 1)', async () => {
    const source = new EventEmitter();
    const lines: string[] = [];
    const start = starting();
    const code = new Promise<number>((resolve) => {
      stopOnSignals(whenStarted(start.promise), {
        timeoutMs: 10_000,
        source: source as unknown as Pick<NodeJS.Process, 'on' | 'removeListener'>,
        say: (l) => lines.push(l),
        exit: resolve,
      });
    });
    source.emit('SIGINT', 'SIGINT');
    start.reject(new Error('La migración 0042 falló'));
    expect(await code).toBe(1);
    expect(lines.at(-1)).toBe('Evalúa no se detuvo limpiamente: La migración 0042 falló');
  });

  it('force before the start has finished does nothing; after, it reaches the service', async () => {
    const start = starting();
    const wrapped = whenStarted(start.promise);
    wrapped.force();
    const svc = service(true);
    start.resolve(svc.s);
    await start.promise;
    await new Promise((resolve) => setImmediate(resolve));
    wrapped.force();
    expect(svc.calls).toEqual(['force']);
  });
});
