import type { Me } from '@evalua/contracts';

export interface NavItem {
  label: string;
  to: string;
}

const MANAGEMENT: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Gestión de Usuarios', to: '/users' },
  { label: 'Categorías', to: '/categories' },
  { label: 'Evaluaciones', to: '/evaluations' },
  { label: 'Bancos de Preguntas', to: '/question-banks' },
  { label: 'Gestión de Asignaciones', to: '/assignment-management' },
  { label: 'Reportes', to: '/reports' },
  { label: 'Historial de Evaluaciones', to: '/evaluation-history' },
  { label: 'Reporte de Capacitación', to: '/training-report' },
  { label: 'Evaluaciones 360 (v2)', to: '/evaluations-v2' },
  { label: 'Snapshots', to: '/snapshots' },
];
const EVALUATE_V1: NavItem = { label: 'Realizar Evaluación (V1)', to: '/evaluation-form' };
const EVALUATE_V2: NavItem = { label: 'Realizar Evaluación (V2)', to: '/evaluation-form-v2' };
export const PROFILE_ITEM: NavItem = { label: 'Mi Perfil', to: '/profile' };
/** Beyond SPEC §6: the released 360 results of the people who report to an evaluador (decision 038). */
const TEAM_RESULTS: NavItem = { label: 'Resultados de mi equipo', to: '/mi-equipo-360' };
/** Beyond SPEC §6: for people with a nomination to make or approve (decision 036). */
export const NOMINATIONS_ITEM: NavItem = { label: 'Nominaciones', to: '/nominaciones' };
/** Beyond SPEC §6: the outbox, for admin and HR (issue 18, decision 033). */
const MAIL: NavItem = { label: 'Correos', to: '/correos' };
/** Beyond SPEC §6: the organisation's logo on its papers, for administrators (decision 058). */
const ORGANIZATION: NavItem = { label: 'Organización', to: '/organizacion' };
/** Beyond SPEC §6: the audit log, for administrators only (decision 019). */
const AUDIT: NavItem = { label: 'Auditoría', to: '/audit' };

/** The side menu of SPEC §6 for one user (the profile link and 'Cerrar Sesión' come after these). */
export function navItemsFor(me: Pick<Me, 'role' | 'has_v2_assignments'>): NavItem[] {
  switch (me.role) {
    case 'admin':
      return [...MANAGEMENT, EVALUATE_V1, EVALUATE_V2, ORGANIZATION, MAIL, AUDIT];
    case 'gestionhumana':
      return [...MANAGEMENT, MAIL];
    case 'evaluador':
      return [EVALUATE_V1, EVALUATE_V2, TEAM_RESULTS];
    case 'colaborador':
      return [
        { label: 'Mi Historial de Evaluaciones', to: '/profile' },
        ...(me.has_v2_assignments ? [EVALUATE_V2] : []),
      ];
  }
}

/**
 * The one menu item shown as the current page: the first whose address is this one. The
 * colaborador's 'Mi Historial de Evaluaciones' and 'Mi Perfil' both lead to /profile, and only the
 * first is marked (issue 15). -1 when no item is this page.
 */
export function activeItemIndex(items: readonly NavItem[], pathname: string): number {
  return items.findIndex((item) => item.to === pathname);
}
