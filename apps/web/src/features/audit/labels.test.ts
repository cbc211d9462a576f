import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@evalua/contracts';
import {
  ACTION_OPTIONS,
  ENTITY_OPTIONS,
  actionLabel,
  diffLines,
  entityLabel,
  fieldLabel,
  formatValue,
} from './labels';

describe('labels', () => {
  it('names known actions, entities and fields in Spanish and shows unknown codes as they are', () => {
    expect(actionLabel('update_with_password')).toBe('Modificación (con contraseña)');
    expect(actionLabel('nuevo_codigo')).toBe('nuevo_codigo');
    expect(entityLabel('v2_snapshot')).toBe('Snapshot 360');
    expect(entityLabel('otra')).toBe('otra');
    expect(fieldLabel('category_name')).toBe('Categoría');
    expect(fieldLabel('campo_raro')).toBe('campo_raro');
  });

  it('offers the actions in their order and the entities by Spanish name', () => {
    expect(ACTION_OPTIONS[0]).toEqual({ value: 'create', label: 'Creación' });
    // Every action of the contract (issue 18 added seven: links, resets, reminders, resends).
    expect(ACTION_OPTIONS.map((o) => o.value)).toEqual([...AUDIT_ACTIONS]);
    expect(ACTION_OPTIONS.find((o) => o.value === 'resend')).toEqual({
      value: 'resend',
      label: 'Reenvío de correo',
    });
    expect(ACTION_OPTIONS.find((o) => o.value === 'nomination_approve')?.label).toBe(
      'Aprobación de nominación',
    );
    expect(ENTITY_OPTIONS.map((o) => o.label)).toEqual([
      'Asignación (V1)',
      'Asignación 360',
      'Banco de preguntas',
      'Categoría',
      'Correo',
      'Evaluación (V1)',
      'Evaluación 360',
      'Evaluación realizada (V1)',
      'Nominación 360',
      'Organización',
      'Plantilla 360',
      'Pregunta',
      'Respuesta 360',
      'Snapshot 360',
      'Usuario',
    ]);
  });
});

describe('formatValue', () => {
  it('shows empty values as a dash', () => {
    expect(formatValue('name', null)).toBe('—');
    expect(formatValue('name', undefined)).toBe('—');
    expect(formatValue('name', '')).toBe('—');
  });

  it('shows booleans as Activo/Inactivo for the status, Sí/No otherwise', () => {
    expect(formatValue('status', true)).toBe('Activo');
    expect(formatValue('status', false)).toBe('Inactivo');
    expect(formatValue('allow_self', true)).toBe('Sí');
    expect(formatValue('allow_self', false)).toBe('No');
  });

  it('names roles, formats numbers and keeps texts', () => {
    expect(formatValue('role', 'gestionhumana')).toBe('Gestión Humana');
    expect(formatValue('role', 'otro')).toBe('otro');
    expect(formatValue('weight_objectives', 1234.567)).toBe('1,234.57');
    expect(formatValue('name', 'Ana')).toBe('Ana');
  });

  it('lists flat arrays, says when one is empty, and writes anything else as JSON', () => {
    expect(formatValue('assignment_ids', [3, 4, null])).toBe('3, 4, —');
    expect(formatValue('assignment_ids', [])).toBe('(ninguno)');
    expect(formatValue('items', [{ id: 1 }])).toBe('[{"id":1}]');
    expect(formatValue('x', { a: 1 })).toBe('{"a":1}');
  });
});

describe('diffLines', () => {
  it('lines up before and after field by field, in first-seen order, marking changes', () => {
    expect(
      diffLines({ name: 'Ana', status: true }, { name: 'Ana María', status: true, role: 'admin' }),
    ).toEqual([
      { field: 'Nombre', before: 'Ana', after: 'Ana María', changed: true },
      { field: 'Estado', before: 'Activo', after: 'Activo', changed: false },
      { field: 'Rol', before: '—', after: 'Administrador', changed: true },
    ]);
  });

  it('numbers list entries and puts a bare value on one line', () => {
    expect(diffLines(['a'], ['a', 'b'])).toEqual([
      { field: '#1', before: 'a', after: 'a', changed: false },
      { field: '#2', before: '—', after: 'b', changed: true },
    ]);
    expect(diffLines(null, 5)).toEqual([{ field: 'Valor', before: '—', after: '5', changed: true }]);
  });
});
