import type { EvaluatorProgress } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { filterRows, sortRows, toRow, type ProgressRow } from './progress';

const progress = (id: number, name: string, assigned: number, evaluated: number): EvaluatorProgress => ({
  evaluator_id: id,
  evaluator_name: name,
  assigned,
  evaluated,
});

describe('toRow', () => {
  it('keeps the figures and computes the whole percent', () => {
    expect(toRow(progress(1, 'Ana', 3, 2))).toEqual({
      id: 1,
      name: 'Ana',
      assigned: 3,
      evaluated: 2,
      percent: 67,
    });
  });

  it('clamps evaluated to what is assigned and floors both at zero', () => {
    expect(toRow(progress(2, 'Luis', 2, 5))).toEqual({
      id: 2,
      name: 'Luis',
      assigned: 2,
      evaluated: 2,
      percent: 100,
    });
    expect(toRow(progress(3, 'Eva', -1, -4))).toEqual({
      id: 3,
      name: 'Eva',
      assigned: 0,
      evaluated: 0,
      percent: 0,
    });
    expect(toRow(progress(4, 'Rosa', 0, 0))).toEqual({
      id: 4,
      name: 'Rosa',
      assigned: 0,
      evaluated: 0,
      percent: 0,
    });
  });
});

const row = (name: string, assigned: number, percent: number): ProgressRow => ({
  id: name.length,
  name,
  assigned,
  evaluated: 0,
  percent,
});

const ROWS = [row('Zoila', 4, 50), row('Ángel', 2, 50), row('Bruno', 6, 100), row('Carla', 4, 0)];
const names = (rows: ProgressRow[]) => rows.map((r) => r.name);

describe('sortRows', () => {
  it('% Progreso: highest first, ties by name in Spanish order', () => {
    expect(names(sortRows(ROWS, 'progress'))).toEqual(['Bruno', 'Ángel', 'Zoila', 'Carla']);
  });

  it('Asignados: most first, ties by name', () => {
    expect(names(sortRows(ROWS, 'assigned'))).toEqual(['Bruno', 'Carla', 'Zoila', 'Ángel']);
  });

  it('Nombre: alphabetical, accents ignored for the order', () => {
    expect(names(sortRows(ROWS, 'name'))).toEqual(['Ángel', 'Bruno', 'Carla', 'Zoila']);
  });

  it('leaves the given list as it was', () => {
    sortRows(ROWS, 'name');
    expect(names(ROWS)).toEqual(['Zoila', 'Ángel', 'Bruno', 'Carla']);
  });
});

describe('filterRows', () => {
  it('finds names without minding accents or case', () => {
    expect(names(filterRows(ROWS, '  ANG '))).toEqual(['Ángel']);
    expect(names(filterRows(ROWS, 'r'))).toEqual(['Bruno', 'Carla']);
  });

  it('keeps every row for a blank search and none when nothing matches', () => {
    expect(filterRows(ROWS, '   ')).toBe(ROWS);
    expect(filterRows(ROWS, 'xyz')).toEqual([]);
  });
});
