/**
 * A graceful stop on SIGTERM and SIGINT (decision 029): the first signal stops accepting, lets the
 * requests in flight finish, closes the database and exits 0. If the requests take longer than
 * `timeoutMs`, their connections are cut (`force`) and the stop goes on (exit 0 once the database is
 * closed); if even that does not finish within another `timeoutMs`, or a second signal comes, the
 * process exits 1 at once.
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

const seconds = (ms: number) => Math.round((ms / 1000) * 10) / 10;

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
    let lastResort: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      say(`Las peticiones en curso no terminaron en ${seconds(timeoutMs)} s: se cortan sus conexiones.`);
      service.force();
      lastResort = setTimeout(() => {
        say(`Evalúa no terminó de detenerse en otros ${seconds(timeoutMs)} s: sale sin esperar más.`);
        exit(1);
      }, timeoutMs);
    }, timeoutMs);
    const done = (code: number, line: string) => {
      clearTimeout(timer);
      clearTimeout(lastResort);
      say(line);
      exit(code);
    };
    service.stop().then(
      () => done(0, 'Evalúa se detuvo.'),
      (err: unknown) =>
        done(1, `Evalúa no se detuvo limpiamente: ${err instanceof Error ? err.message : String(err)}`),
    );
  };

  for (const signal of signals) source.on(signal, onSignal);
  return () => {
    for (const signal of signals) source.removeListener(signal, onSignal);
  };
}

/**
 * The service of a start still under way (migrating, listening), for `stopOnSignals` installed
 * before the start: a signal that comes meanwhile lets the start finish — on SQLite a migration is
 * not one transaction, so cutting it could leave the schema half-changed — and then stops the
 * service. If the start fails, so does the stop (exit 1, with its reason).
 */
export function whenStarted(starting: Promise<StoppableService>): StoppableService {
  let started: StoppableService | undefined;
  starting.then(
    (service) => (started = service),
    () => undefined,
  );
  return {
    stop: async () => (await starting).stop(),
    force: () => started?.force(),
  };
}
