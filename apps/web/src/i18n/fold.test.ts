import { describe, expect, it } from 'vitest';
import { fold } from './fold';

describe('fold', () => {
  it('drops accents and the tilde and lowers the case', () => {
    expect(fold('José Peña ÁLVAREZ')).toBe('jose pena alvarez');
  });

  it('keeps text without accents as it is, in lower case', () => {
    expect(fold('Ana-María 2')).toBe('ana-maria 2');
    expect(fold('')).toBe('');
  });
});
