import { describe, expect, it } from 'vitest';
import {
  categoryEndpoints,
  ContractViolation,
  endpoint,
  endpointUrl,
  fileResponse,
  parseErrorResponse,
  parseResponse,
  readAnswer,
  successStatus,
  onePage,
  wholeList,
} from './index';
import { z } from 'zod';

describe('endpointUrl', () => {
  it('fills the path parameters, encoded', () => {
    const ep = endpoint({
      method: 'GET',
      path: '/api/things/:id/parts/:name',
      params: z.object({ id: z.number(), name: z.string() }),
      response: z.object({}),
    });
    expect(endpointUrl(ep, { params: { id: 7, name: 'a b/c?' } })).toBe('/api/things/7/parts/a%20b%2Fc%3F');
  });

  it('serialises the query values that are set, as the web sends them', () => {
    expect(
      endpointUrl(categoryEndpoints.list, {
        query: { q: 'ana & co', page: 2, pageSize: undefined, empty: '', none: null, flag: false },
      }),
    ).toBe('/api/categories?q=ana+%26+co&page=2&flag=false');
    expect(endpointUrl(categoryEndpoints.list, { query: {} })).toBe('/api/categories');
    expect(endpointUrl(categoryEndpoints.list)).toBe('/api/categories');
  });

  it('refuses a missing parameter before any request', () => {
    expect(() => endpointUrl(categoryEndpoints.get, { params: {} })).toThrow(
      'Falta el parámetro id de /api/categories/:id',
    );
  });
});

describe('parseResponse', () => {
  it('answers the body the contract describes, typed by it', () => {
    const cat: { id: number; name: string } = parseResponse(categoryEndpoints.get, {
      id: 3,
      name: 'Docentes',
    });
    expect(cat).toEqual({ id: 3, name: 'Docentes' });
    expect(successStatus(categoryEndpoints.create)).toBe(201);
    expect(successStatus(categoryEndpoints.get)).toBe(200);
    expect(successStatus(categoryEndpoints.remove)).toBe(204);
  });

  it('names the endpoint and the zod issues when the body breaks the contract', () => {
    const bad = () => parseResponse(categoryEndpoints.get, { id: 'x', name: 'Docentes' });
    expect(bad).toThrow(ContractViolation);
    expect(bad).toThrow(/^GET \/api\/categories\/:id respondió fuera de su contrato:/);
    expect(bad).toThrow(/→ at id/);
  });

  it('refuses a field the contract does not declare (parsing would hide it)', () => {
    expect(() => parseResponse(categoryEndpoints.get, { id: 3, name: 'D', password_hash: 'x' })).toThrow(
      'GET /api/categories/:id respondió fuera de su contrato: campos que el contrato no declara',
    );
    expect(() =>
      parseResponse(categoryEndpoints.list, [
        { id: 1, name: 'A' },
        { id: 2, name: 'B', extra: 1 },
      ]),
    ).toThrow(ContractViolation);
  });

  it('reads a 204 as undefined and refuses to read a file as JSON', () => {
    expect(parseResponse(categoryEndpoints.remove, undefined)).toBeUndefined();
    expect(() => parseResponse(categoryEndpoints.remove, {})).toThrow(ContractViolation);
    const file = endpoint({ method: 'GET', path: '/api/file', response: fileResponse });
    expect(() => parseResponse(file, {})).toThrow('GET /api/file responde un archivo, no JSON');
  });
});

describe('parseErrorResponse', () => {
  it('reads the error shape and refuses anything else', () => {
    const body = { error: 'No encontrado.', code: 'NOT_FOUND' };
    expect(parseErrorResponse(categoryEndpoints.get, body)).toEqual(body);
    const details = { ...body, details: [{ field: 'body.name', message: 'Falta.' }] };
    expect(parseErrorResponse(categoryEndpoints.get, details)).toEqual(details);
    expect(() => parseErrorResponse(categoryEndpoints.get, { message: 'x' })).toThrow(ContractViolation);
  });
});

describe('wholeList and onePage', () => {
  it('tell the two answers of a listing apart, refusing the one not expected', () => {
    const page = { rows: [{ id: 1, name: 'A' }], total: 1, page: 1, pageSize: 20 };
    expect(wholeList([{ id: 1, name: 'A' }])).toEqual([{ id: 1, name: 'A' }]);
    expect(onePage(page)).toEqual(page);
    expect(() => wholeList(page)).toThrow('Se esperaba la lista completa y llegó una página');
    expect(() => onePage([])).toThrow('Se esperaba una página y llegó la lista completa');
  });
});

describe('readAnswer', () => {
  it('reads the success status through the contract and any other through the error shape', () => {
    expect(readAnswer(categoryEndpoints.create, 201, { id: 1, name: 'A' })).toEqual({
      ok: true,
      status: 201,
      body: { id: 1, name: 'A' },
    });
    expect(readAnswer(categoryEndpoints.remove, 204, undefined)).toEqual({
      ok: true,
      status: 204,
      body: undefined,
    });
    const refused = { error: 'Ya existe.', code: 'DUPLICATE_NAME' };
    expect(readAnswer(categoryEndpoints.create, 409, refused)).toEqual({
      ok: false,
      status: 409,
      body: refused,
    });
    expect(() => readAnswer(categoryEndpoints.create, 200, { id: 1, name: 'A' })).toThrow(ContractViolation);
    const file = endpoint({ method: 'GET', path: '/api/file', response: fileResponse });
    expect(readAnswer(file, 200, undefined)).toEqual({ ok: true, status: 200, body: undefined });
  });
});
