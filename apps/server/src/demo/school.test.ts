import { describe, expect, it } from 'vitest';
import { demoEmail, demoPeople } from './school';

describe('demo school people', () => {
  it('has 40 people with distinct names and e-mails, one admin and every role', () => {
    const people = demoPeople();
    expect(people).toHaveLength(40);
    expect(new Set(people.map((p) => p.name)).size).toBe(40);
    expect(new Set(people.map((p, i) => demoEmail(p.name, i + 1))).size).toBe(40);
    expect(people.filter((p) => p.role === 'admin')).toHaveLength(1);
    expect(new Set(people.map((p) => p.role))).toEqual(
      new Set(['admin', 'gestionhumana', 'evaluador', 'colaborador']),
    );
  });
});
