import type { Me, Role } from '@evalua/contracts';
import { lazy, type ComponentType } from 'react';

/**
 * Who may open a screen (SPEC §2): a list of roles, any logged-in user, or admin/HR plus the user
 * whose id is the route's :userId (individual reports).
 */
export type ScreenAccess = readonly Role[] | 'any' | 'managers-or-self';

export interface ScreenRoute {
  path: string;
  access: ScreenAccess;
  title: string;
  /** The screen's lazily loaded page, created once here (never during render). */
  Page: ComponentType;
}

export const MANAGERS: readonly Role[] = ['admin', 'gestionhumana'];

const AssignmentsPage = lazy(() => import('../features/assignments/AssignmentsPage'));

const ReportPage = lazy(() => import('../features/v1-results/ReportPage'));

const V2ItemsPage = lazy(() => import('../features/v2-items/ItemsPage'));

const SnapshotsPage = lazy(() => import('../features/v2-snapshots/SnapshotsPage'));

function managed(path: string, title: string, Page: ComponentType): ScreenRoute {
  return { path, access: MANAGERS, title, Page };
}

/** Every guarded screen. */
export const SCREENS: ScreenRoute[] = [
  managed(
    '/dashboard',
    'Dashboard',
    lazy(() => import('../features/dashboard/DashboardPage')),
  ),
  managed(
    '/create-evaluation',
    'Crear Evaluación',
    lazy(() => import('../features/evaluations/CreateEvaluationPage')),
  ),
  managed(
    '/question-banks',
    'Bancos de Preguntas',
    lazy(() => import('../features/question-banks/QuestionBanksPage')),
  ),
  managed(
    '/evaluators',
    'Evaluadores',
    lazy(() => import('../features/staff/EvaluatorsPage')),
  ),
  managed(
    '/collaborators',
    'Colaboradores',
    lazy(() => import('../features/staff/CollaboratorsPage')),
  ),
  managed(
    '/reports',
    'Reportes',
    lazy(() => import('../features/v1-results/ReportsPage')),
  ),
  managed(
    '/categories',
    'Categorías',
    lazy(() => import('../features/categories/CategoriesPage')),
  ),
  managed(
    '/evaluations',
    'Evaluaciones',
    lazy(() => import('../features/evaluations/EvaluationsPage')),
  ),
  managed(
    '/edit-evaluation/:id',
    'Editar Evaluación',
    lazy(() => import('../features/evaluations/EditEvaluationPage')),
  ),
  managed(
    '/users',
    'Gestión de Usuarios',
    lazy(() => import('../features/users/UsersPage')),
  ),
  managed(
    '/create-user',
    'Crear Usuario',
    lazy(() => import('../features/users/CreateUserPage')),
  ),
  managed(
    '/edit-user/:id',
    'Editar Usuario',
    lazy(() => import('../features/users/EditUserPage')),
  ),
  managed(
    '/evaluation-history',
    'Historial de Evaluaciones',
    lazy(() => import('../features/v1-results/HistoryPage')),
  ),
  managed(
    '/evaluation-history/:userId',
    'Historial de Evaluaciones',
    lazy(() => import('../features/v1-results/CollaboratorHistoryPage')),
  ),
  managed('/assignment-management', 'Gestión de Asignaciones', AssignmentsPage),
  managed('/assignments', 'Asignaciones', AssignmentsPage),
  managed(
    '/training-report',
    'Reporte de Capacitación',
    lazy(() => import('../features/training/TrainingReportPage')),
  ),
  managed(
    '/evaluations-v2',
    'Evaluaciones 360 (v2)',
    lazy(() => import('../features/v2-evaluations/EvaluationsV2Page')),
  ),
  managed('/evaluations-v2/:evaluationId/items', 'Ítems de la evaluación 360', V2ItemsPage),
  managed('/v2/items/:evaluationId', 'Ítems de la evaluación 360', V2ItemsPage),
  managed('/snapshots', 'Snapshots', SnapshotsPage),
  managed('/admin/evaluations/:evaluationId/snapshots', 'Snapshots', SnapshotsPage),
  managed(
    '/evaluations-v2/:id/assignments',
    'Asignaciones 360',
    lazy(() => import('../features/v2-assignments/BatchAssignmentsPage')),
  ),
  managed(
    '/evaluations-v2/:id/results',
    'Resultados 360',
    lazy(() => import('../features/v2-results/EvaluationResultsPage')),
  ),
  managed(
    '/evaluations-v2/:id/publicacion',
    'Publicación de resultados',
    lazy(() => import('../features/v2-results/ReleasePage')),
  ),
  managed(
    '/evaluations-v2/:id/insight',
    'Análisis 360',
    lazy(() => import('../features/v2-insight/InsightPage')),
  ),
  {
    // The person and their manager once shared (decision 038): the server decides who reads.
    path: '/evaluations-v2/:id/results/:userId',
    access: 'any',
    title: 'Resultados 360',
    Page: lazy(() => import('../features/v2-results/PersonResultsPage')),
  },
  managed(
    '/v2/assignments/:evaluationId',
    'Asignaciones (V2)',
    lazy(() => import('../features/v2-assignments/EvaluateeAssignmentsPage')),
  ),
  managed(
    '/correos',
    'Correos',
    lazy(() => import('../features/mail/MailPage')),
  ),
  {
    path: '/organizacion',
    access: ['admin'],
    title: 'Organización',
    Page: lazy(() => import('../features/organization/OrganizationPage')),
  },
  {
    path: '/audit',
    access: ['admin'],
    title: 'Auditoría',
    Page: lazy(() => import('../features/audit/AuditPage')),
  },
  {
    path: '/evaluation-form',
    access: ['admin', 'evaluador'],
    title: 'Realizar Evaluación (V1)',
    Page: lazy(() => import('../features/full-evaluation/EvaluationFormPage')),
  },
  {
    path: '/home',
    access: ['evaluador', 'colaborador', 'gestionhumana'],
    title: 'Inicio',
    Page: lazy(() => import('../features/home/HomePage')),
  },
  {
    path: '/profile',
    access: 'any',
    title: 'Mi Perfil',
    Page: lazy(() => import('./screens/ProfileScreen')),
  },
  // SPEC §2: linked, screen not shown; it is the /profile screen, under the same heading.
  {
    path: '/edit-profile',
    access: 'any',
    title: 'Mi Perfil',
    Page: lazy(() => import('./screens/ProfileScreen')),
  },
  {
    path: '/mi-equipo-360',
    access: 'any',
    title: 'Resultados de mi equipo',
    Page: lazy(() => import('../features/v2-results/TeamResultsPage')),
  },
  {
    // Beyond SPEC §2: proposing and approving 360 raters (decision 036).
    path: '/nominaciones',
    access: 'any',
    title: 'Nominaciones',
    Page: lazy(() => import('../features/v2-nominations/NominationsPage')),
  },
  {
    path: '/evaluation-form-v2',
    access: 'any',
    title: 'Realizar Evaluación (V2)',
    Page: lazy(() => import('../features/v2-answers/EvaluationFormV2Page')),
  },
  { path: '/report/:evaluationId/:userId', access: 'managers-or-self', title: 'Reporte', Page: ReportPage },
  {
    path: '/report-detail/:evaluationId/:userId',
    access: 'managers-or-self',
    title: 'Detalle del Reporte',
    Page: ReportPage,
  },
];

export function mayOpen(
  access: ScreenAccess,
  me: Pick<Me, 'id' | 'role'>,
  params: Record<string, string | undefined>,
): boolean {
  if (access === 'any') return true;
  if (access === 'managers-or-self') return MANAGERS.includes(me.role) || String(me.id) === params.userId;
  return access.includes(me.role);
}
