import { describe, expect, it } from 'vitest';
import { managerOption, managerOptions } from './manager-options';

const row = (id: number, name: string, status = true, position: string | null = null) => ({
  id,
  name,
  status,
  position,
  department: null,
});

describe("'Reporta a' options", () => {
  it('names a person with position and department when known', () => {
    expect(managerOption({ ...row(3, 'Ana Pérez', true, 'Coordinadora'), department: 'Ciencias' })).toEqual({
      value: '3',
      label: 'Ana Pérez — Coordinadora · Ciencias',
    });
    expect(managerOption(row(4, 'Beto')).label).toBe('Beto');
  });

  it('offers active people only, never the person themself', () => {
    expect(managerOptions([row(1, 'Uno'), row(2, 'Dos', false), row(3, 'Tres')], 3)).toEqual([
      { value: '1', label: 'Uno' },
    ]);
  });
});
