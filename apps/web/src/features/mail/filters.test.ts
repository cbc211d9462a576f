import { describe, expect, it } from 'vitest';
import { outboxQuery, STATUS_OPTIONS } from './filters';

describe('the Correos filters', () => {
  it('offers every status with its Spanish label', () => {
    expect(STATUS_OPTIONS.map((o) => o.label)).toEqual(['Pendiente', 'Enviando', 'Enviado', 'Fallido']);
  });

  it('sends only the filters that are set', () => {
    expect(outboxQuery(null, '  ', 1, 20)).toEqual({ page: 1, pageSize: 20 });
    expect(outboxQuery('fallido', ' ana@escuela.do ', 3, 20)).toEqual({
      page: 3,
      pageSize: 20,
      status: 'fallido',
      q: 'ana@escuela.do',
    });
    expect(outboxQuery('otro', '', 1, 20)).toEqual({ page: 1, pageSize: 20 });
  });
});
