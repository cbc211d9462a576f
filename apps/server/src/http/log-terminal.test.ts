import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { terminalLine, terminalStdout } from './log-terminal';

const at = Date.UTC(2026, 10, 29, 9, 31, 2);

describe('the log in a terminal: one readable line per entry', () => {
  it('shows an access line as method, URL, status and time', () => {
    const json = JSON.stringify({
      level: 30,
      time: at,
      pid: 1,
      hostname: 'h',
      reqId: 'abc',
      method: 'GET',
      url: '/api/users?page=2',
      remoteAddress: '127.0.0.1',
      statusCode: 200,
      responseTime: 3.4,
      msg: 'request completed',
    });
    expect(terminalLine(json)).toBe('09:31:02 INFO  GET /api/users?page=2 → 200 (3 ms)\n');
  });

  it('shows a message with its level and the fields it carries, and an error with its stack', () => {
    expect(terminalLine(JSON.stringify({ level: 40, time: at, msg: 'correo demorado', outbox: 3 }))).toBe(
      '09:31:02 WARN  correo demorado {"outbox":3}\n',
    );
    const err = { type: 'Error', message: 'falló', stack: 'Error: falló\n    at x (y.ts:1:1)' };
    expect(terminalLine(JSON.stringify({ level: 50, time: at, msg: 'falló', err }))).toBe(
      '09:31:02 ERROR falló\n  Error: falló\n      at x (y.ts:1:1)\n',
    );
  });

  it('writes a line that is not JSON as it came', () => {
    expect(terminalLine('texto suelto')).toBe('texto suelto\n');
    expect(terminalLine('42\n')).toBe('42\n');
  });

  it('is what a pino logger writes through terminalStdout', () => {
    const written: string[] = [];
    const out = terminalStdout((text) => written.push(text));
    const log = pino({ base: undefined, timestamp: () => `,"time":${at}` }, out.stream);
    log.info(
      { method: 'POST', url: '/api/users/login', statusCode: 401, responseTime: 12 },
      'request completed',
    );
    log.info('Servidor escuchando en http://127.0.0.1:3000');
    expect(written).toEqual([
      '09:31:02 INFO  POST /api/users/login → 401 (12 ms)\n',
      '09:31:02 INFO  Servidor escuchando en http://127.0.0.1:3000\n',
    ]);
  });
});
