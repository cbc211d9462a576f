import { describe, expect, it } from 'vitest';
import { INHERIT, personBody, personChoice, widens } from './release-choices';

describe('release choices', () => {
  it('shows a person without their own choice as following the evaluation', () => {
    expect(personChoice({ own: { evaluatee: null, manager: null }, evaluatee: true, manager: false })).toBe(
      INHERIT,
    );
    expect(personChoice({ own: { evaluatee: false, manager: null }, evaluatee: false, manager: true })).toBe(
      'manager',
    );
    expect(personChoice({ own: { evaluatee: true, manager: true }, evaluatee: true, manager: true })).toBe(
      'both',
    );
  });

  it('sends both flags, or nulls to follow the evaluation', () => {
    expect(personBody(INHERIT)).toEqual({ evaluatee: null, manager: null });
    expect(personBody('evaluatee')).toEqual({ evaluatee: true, manager: false });
    expect(personBody('none')).toEqual({ evaluatee: false, manager: false });
  });

  it('asks first only when someone new would read', () => {
    expect(widens('none', 'evaluatee')).toBe(true);
    expect(widens('evaluatee', 'both')).toBe(true);
    expect(widens('both', 'manager')).toBe(false);
    expect(widens('manager', 'none')).toBe(false);
    expect(widens('evaluatee', 'manager')).toBe(true);
  });
});
