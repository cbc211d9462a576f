import { describe, expect, it } from 'vitest';
import { PROFILE_ITEM, activeItemIndex, navItemsFor } from './navigation';

describe('the side menu', () => {
  it('marks one item as the current page when two lead to it (the colaborador’s /profile)', () => {
    const items = [...navItemsFor({ role: 'colaborador', has_v2_assignments: true }), PROFILE_ITEM];
    expect(items.filter((i) => i.to === '/profile')).toHaveLength(2);
    expect(activeItemIndex(items, '/profile')).toBe(0);
    expect(items[activeItemIndex(items, '/profile')]?.label).toBe('Mi Historial de Evaluaciones');
    expect(items[activeItemIndex(items, '/evaluation-form-v2')]?.label).toBe('Realizar Evaluación (V2)');
    expect(activeItemIndex(items, '/home')).toBe(-1);
  });

  it('gives each role the menu of SPEC §6', () => {
    expect(navItemsFor({ role: 'evaluador', has_v2_assignments: false }).map((i) => i.to)).toEqual([
      '/evaluation-form',
      '/evaluation-form-v2',
      '/mi-equipo-360',
    ]);
    expect(navItemsFor({ role: 'colaborador', has_v2_assignments: false }).map((i) => i.to)).toEqual([
      '/profile',
    ]);
    expect(navItemsFor({ role: 'admin', has_v2_assignments: false }).at(-1)?.to).toBe('/audit');
    expect(navItemsFor({ role: 'admin', has_v2_assignments: false }).at(-2)?.to).toBe('/correos');
    expect(navItemsFor({ role: 'admin', has_v2_assignments: false }).at(-3)?.to).toBe('/organizacion');
    expect(navItemsFor({ role: 'gestionhumana', has_v2_assignments: false }).at(-1)?.to).toBe('/correos');
  });
});
