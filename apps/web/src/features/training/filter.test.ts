import type { TrainingReportEntry } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import type { TrainingGroup } from './api/training';
import { filterGroups } from './filter';

const entry = (id: number, name: string): TrainingReportEntry => ({
  collaborator_id: id,
  collaborator_name: name,
  evaluation_id: 1,
  evaluation_name: 'Evaluación 2026',
  comments: 'Manejo de aula.',
});

const GROUPS: TrainingGroup[] = [
  { evaluator: 'José Martínez', entries: [entry(1, 'Carmen Núñez'), entry(2, 'Ana Peña')] },
  { evaluator: 'Rosa Báez', entries: [entry(3, 'Pedro Núñez'), entry(4, 'Luis Gómez')] },
];

describe('filterGroups', () => {
  it('keeps every group for a blank search', () => {
    expect(filterGroups(GROUPS, '  ')).toBe(GROUPS);
  });

  it('keeps a group whole when its evaluator matches, without minding accents', () => {
    expect(filterGroups(GROUPS, 'jose')).toEqual([GROUPS[0]]);
  });

  it('keeps only the matching collaborators of the other groups', () => {
    expect(filterGroups(GROUPS, 'nunez')).toEqual([
      { evaluator: 'José Martínez', entries: [entry(1, 'Carmen Núñez')] },
      { evaluator: 'Rosa Báez', entries: [entry(3, 'Pedro Núñez')] },
    ]);
  });

  it('drops the groups left without anyone', () => {
    expect(filterGroups(GROUPS, ' GÓMEZ ')).toEqual([
      { evaluator: 'Rosa Báez', entries: [entry(4, 'Luis Gómez')] },
    ]);
    expect(filterGroups(GROUPS, 'xyz')).toEqual([]);
  });
});
