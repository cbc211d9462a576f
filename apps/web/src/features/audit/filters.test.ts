import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDIT_PAGE_SIZE, NO_FILTERS, auditQuery, dayBound } from './filters';

// Days are the user's local days: the tests run in Santo Domingo's time (UTC-4, no daylight saving).
beforeAll(() => {
  vi.stubEnv('TZ', 'America/Santo_Domingo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('dayBound', () => {
  it('gives the first millisecond of a local day', () => {
    expect(dayBound('2026-03-10', false)).toBe('2026-03-10T04:00:00.000Z');
  });

  it('gives the last millisecond of a local day', () => {
    expect(dayBound('2026-03-10', true)).toBe('2026-03-11T03:59:59.999Z');
  });

  it('crosses the end of a month and of a year', () => {
    expect(dayBound('2026-02-28', true)).toBe('2026-03-01T03:59:59.999Z');
    expect(dayBound('2025-12-31', true)).toBe('2026-01-01T03:59:59.999Z');
  });

  it('answers null for a text that is no day', () => {
    expect(dayBound('', false)).toBeNull();
    expect(dayBound('10/03/2026', true)).toBeNull();
  });
});

describe('auditQuery', () => {
  it('asks for the page alone without filters', () => {
    expect(auditQuery(NO_FILTERS, 3)).toEqual({ page: 3, pageSize: AUDIT_PAGE_SIZE });
    expect(AUDIT_PAGE_SIZE).toBe(20);
  });

  it('adds each filter that is set, the days as instants', () => {
    expect(
      auditQuery({ userId: '7', entity: 'user', action: 'login', from: '2026-03-01', to: '2026-03-10' }, 1),
    ).toEqual({
      page: 1,
      pageSize: 20,
      user_id: '7',
      entity: 'user',
      action: 'login',
      from: '2026-03-01T04:00:00.000Z',
      to: '2026-03-11T03:59:59.999Z',
    });
  });

  it('leaves out a day that is not a date', () => {
    expect(auditQuery({ ...NO_FILTERS, from: 'ayer', to: '2026-03-10' }, 1)).toEqual({
      page: 1,
      pageSize: 20,
      to: '2026-03-11T03:59:59.999Z',
    });
  });
});
