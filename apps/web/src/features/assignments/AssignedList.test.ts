import { describe, expect, it } from 'vitest';
import { removalQuestion } from './AssignedList';

describe('the question before removing an assignment (issue 15)', () => {
  it('says the result stays when the evaluator already evaluated the collaborator', () => {
    expect(removalQuestion({ collaborator_name: 'Ana Pérez', evaluated: true }, 'Luis Gómez')).toBe(
      '¿Quitar a «Ana Pérez» de los colaboradores de «Luis Gómez»? «Luis Gómez» ya lo evaluó: ese resultado se conserva en reportes e historial.',
    );
  });

  it('asks plainly otherwise', () => {
    expect(removalQuestion({ collaborator_name: 'Ana Pérez', evaluated: false }, 'Luis Gómez')).toBe(
      '¿Quitar a «Ana Pérez» de los colaboradores de «Luis Gómez»?',
    );
  });
});
