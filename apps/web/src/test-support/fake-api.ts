import {
  ERROR_CODES,
  fileResponse,
  type ErrorCode,
  noContent,
  type CallInput,
  type CallResult,
  type EndpointDef,
} from '@evalua/contracts';
import type { z } from 'zod';
import { ApiError, type ApiTransport, type FileAnswer, type Input } from '../api/client';

/** What the fake answers a call: a value, or a function of the call's input (which may throw an ApiError). */
export type Answer<E extends EndpointDef> =
  CallResult<E> | ((input: CallInput<E>) => CallResult<E> | Promise<CallResult<E>>);

/** One call the screen made, as it made it. */
export interface RecordedCall {
  method: string;
  path: string;
  input: Input;
}

interface Handler {
  endpoint: EndpointDef;
  answer: (input: Input) => unknown;
  file?: boolean;
}

const keyOf = (endpoint: Pick<EndpointDef, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

/** The server's answer to a body, path or query it refuses. */
const refused = (what: string, error: z.ZodError) =>
  new ApiError(400, ERROR_CODES.validation, `${what}: ${error.issues.map((i) => i.message).join('; ')}`);

/** Path and query values as they reach the server: text in the URL (unset ones are not sent). */
function asUrlValues(values: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

/**
 * The typed fake of the API for render tests: answers by endpoint (`fake.on(endpoint, answer)`),
 * typed by the endpoint's CallInput and CallResult, and records every call. Like the server, it
 * checks what the screen sends against the endpoint's params, query and body schemas (a refusal is
 * the server's 400), and every answer must parse with the endpoint's response schema: a fake never
 * answers what the server could not. A call nobody answers, a refused input or an answer that does
 * not parse is kept in `problems`, and the render setup fails the test with them.
 */
export class FakeApi {
  private readonly handlers = new Map<string, Handler>();
  readonly log: RecordedCall[] = [];
  readonly problems: string[] = [];

  /** Answers `endpoint` with `answer` from now on (replacing an earlier answer of it). */
  on<E extends EndpointDef>(endpoint: E, answer: Answer<E>): this {
    const reply = (input: Input) =>
      typeof answer === 'function'
        ? (answer as (input: CallInput<E>) => CallResult<E> | Promise<CallResult<E>>)(input as CallInput<E>)
        : answer;
    this.handlers.set(keyOf(endpoint), { endpoint, answer: reply });
    return this;
  }

  /** Answers a file endpoint (`api.file`) with these bytes and Content-Disposition. */
  onFile<E extends EndpointDef>(endpoint: E, file: FileAnswer): this {
    this.handlers.set(keyOf(endpoint), { endpoint, answer: () => file, file: true });
    return this;
  }

  /** The inputs of every call of `endpoint` so far, oldest first. */
  calls<E extends EndpointDef>(endpoint: Pick<E, 'method' | 'path'>): CallInput<E>[] {
    return this.log
      .filter((c) => c.method === endpoint.method && c.path === endpoint.path)
      .map((c) => c.input as CallInput<E>);
  }

  /** The bodies sent to `endpoint` so far (for endpoints that take one). */
  bodies<E extends EndpointDef>(endpoint: E): Array<CallInput<E> extends { body: infer B } ? B : never> {
    return this.calls(endpoint).map((input) => (input as { body: never }).body);
  }

  /** What `api` sends through while this fake is installed (client.ts setApiTransport). */
  readonly transport: ApiTransport = {
    call: async (endpoint, input) => {
      const handler = this.receive(endpoint, input ?? {});
      if (handler.file) return this.fail(`${keyOf(endpoint)} es un archivo: se pide con api.file`);
      const answer = await handler.answer(this.checkedInput(handler.endpoint, input ?? {}));
      return this.checkedAnswer(handler.endpoint, answer);
    },
    file: async (endpoint, input) => {
      const handler = this.receive(endpoint, input ?? {});
      if (!handler.file) return this.fail(`${keyOf(endpoint)} no es un archivo`);
      return (await handler.answer(this.checkedInput(handler.endpoint, input ?? {}))) as FileAnswer;
    },
    upload: async (endpoint, form) => {
      // Logged as {field: file name}: what a test can check of a multipart body.
      const body = Object.fromEntries(
        [...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]),
      );
      const handler = this.receive(endpoint, { body });
      return this.checkedAnswer(handler.endpoint, await handler.answer({ body }));
    },
  };

  private receive(endpoint: EndpointDef, input: Input): Handler {
    // A copy as it went over the wire: later changes to the screen's objects do not rewrite history.
    const sent = JSON.parse(JSON.stringify(input)) as Input;
    this.log.push({ method: endpoint.method, path: endpoint.path, input: sent });
    // Matched by method and path: the session's calls name their endpoints by these alone.
    const handler = this.handlers.get(keyOf(endpoint));
    if (!handler) return this.fail(`Llamada sin respuesta en el test: ${keyOf(endpoint)}`);
    return handler;
  }

  private fail(problem: string): never {
    this.problems.push(problem);
    throw new Error(problem);
  }

  /** The input as the server's schemas take it; a refusal is recorded and thrown as the server's 400. */
  private checkedInput(endpoint: EndpointDef, input: Input): Input {
    const parts: Array<[string, z.ZodType | undefined, unknown]> = [
      ['params', endpoint.params, asUrlValues(input.params)],
      ['query', endpoint.query, asUrlValues(input.query)],
      ['body', endpoint.body, input.body === undefined ? undefined : JSON.parse(JSON.stringify(input.body))],
    ];
    for (const [part, schema, value] of parts) {
      if (!schema) continue;
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        const error = refused(`${keyOf(endpoint)} (${part})`, parsed.error);
        this.problems.push(error.message);
        throw error;
      }
    }
    return input;
  }

  /** The answer as the server would send it: through JSON and the endpoint's response schema. */
  private checkedAnswer(endpoint: EndpointDef, answer: unknown): unknown {
    const schema = endpoint.response;
    if (schema === noContent) {
      if (answer !== undefined) this.fail(`${keyOf(endpoint)} responde 204: la respuesta del test sobra`);
      return undefined;
    }
    if (schema === fileResponse || !('safeParse' in schema)) {
      return this.fail(`${keyOf(endpoint)} es un archivo`);
    }
    const wire: unknown = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
    const parsed = schema.safeParse(wire);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      return this.fail(
        `La respuesta del test a ${keyOf(endpoint)} no cumple el contrato: ${issues.join('; ')}`,
      );
    }
    return parsed.data;
  }
}

/** The error the server answers (`{error, code}` with this status), for an answer that throws it. */
export function serverError(status: number, code: ErrorCode, message: string): ApiError {
  return new ApiError(status, code, message);
}
