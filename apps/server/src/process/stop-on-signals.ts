/**
 * A graceful stop on SIGTERM and SIGINT (decision 029): the first signal stops accepting, lets the
 * requests in flight finish and closes the database; if that takes longer than `timeoutMs`, the
 * remaining connections are cut (`force`) and the process exits 1. A second signal exits at once.
 */
export interface StoppableService {
  /** Stops accepting, waits for the requests in flight, closes the database. */
  stop(): Promise<void>;
  /** Cuts every open connection (the graceful stop then finishes). */
  force(): void;
}

export interface StopOnSignalsOptions {
  timeoutMs: number;
  say?: (line: string) => void;
  exit?: (code: number) => void;
  signals?: readonly NodeJS.Signals[];
  /** Where the signals come from (the process; an EventEmitter in tests). */
  source?: Pick<NodeJS.Process, 'on' | 'removeListener'>;
}

/** Installs the handlers; returns a function that removes them. */
export function stopOnSignals(service: StoppableService, options: StopOnSignalsOptions): () => void {
  const {
    timeoutMs,
    say = (line: string) => console.log(line),
    exit = (code: number) => process.exit(code),
    signals = ['SIGTERM', 'SIGINT'],
    source = process,
  } = options;
  let stopping = false;

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      say(`Segunda señal (${signal}): Evalúa se detiene sin esperar.`);
      exit(1);
      return;
    }
    stopping = true;
    say(`Señal ${signal}: Evalúa deja de aceptar conexiones y termina las peticiones en curso…`);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      say(`Las peticiones en curso no terminaron en ${Math.round(timeoutMs / 1000)} s: se cortan.`);
      service.force();
    }, timeoutMs);
    timer.unref();
    service.stop().then(
      () => {
        clearTimeout(timer);
        say('Evalúa se detuvo.');
        exit(timedOut ? 1 : 0);
      },
      (err: unknown) => {
        clearTimeout(timer);
        say(`Evalúa no se detuvo limpiamente: ${err instanceof Error ? err.message : String(err)}`);
        exit(1);
      },
    );
  };

  for (const signal of signals) source.on(signal, onSignal);
  return () => {
    for (const signal of signals) source.removeListener(signal, onSignal);
  };
}
