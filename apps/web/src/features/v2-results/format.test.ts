import { describe, expect, it } from 'vitest';
import { dash, parseId, pct, thresholdFrom } from './format';

describe('parseId', () => {
  it('reads a positive integer from the address, else null', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId(undefined)).toBeNull();
    expect(parseId('0')).toBeNull();
    expect(parseId('-3')).toBeNull();
    expect(parseId('4.5')).toBeNull();
    expect(parseId('12abc')).toBeNull();
    expect(parseId('99999999999999999999')).toBeNull();
  });
});

describe('pct and dash', () => {
  it('writes a figure with 2 decimals, and — for none', () => {
    expect(pct(87.5)).toBe('87.50 %');
    expect(pct(0)).toBe('0.00 %');
    expect(pct(null)).toBe('—');
    expect(pct(undefined)).toBe('—');
  });

  it('shows — for a blank department or position', () => {
    expect(dash('Matemáticas')).toBe('Matemáticas');
    expect(dash('  ')).toBe('—');
    expect(dash(null)).toBe('—');
  });
});

describe('thresholdFrom', () => {
  it('reads the anonymity threshold from the server’s note', () => {
    expect(
      thresholdFrom(
        'Para proteger el anonimato, los grupos anónimos (pares, colaboradores directos, o jefes cuando son varios) con menos de 3 respuestas que cuenten no se muestran por separado.',
      ),
    ).toBe(3);
    expect(thresholdFrom('Vista de administración: ves todos los grupos.')).toBeNull();
    expect(thresholdFrom(undefined)).toBeNull();
  });
});
