/**
 * The start page's sentences (/home): a catalogue of its own, so /home — most people's first screen —
 * does not download every screen's messages (messages.ts), nor do the other screens download these.
 */

/** "1 evaluador" / "3 evaluadores": a count and its noun in singular or plural. */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const homeMessages = {
  intro: 'Desde el menú puedes acceder a tus evaluaciones, tu historial y tu perfil.',
  managerIntro:
    'Desde el menú puedes gestionar el personal, las evaluaciones, las asignaciones y los reportes.',
  pendingTitle: 'Trabajo pendiente',
  pendingLoading: 'Cargando el trabajo pendiente',
  pendingError: 'No se pudo cargar el trabajo pendiente.',
  nothingPending: 'No hay nada pendiente: todas las evaluaciones en curso están completas.',
  /** V1: evaluators with someone left to evaluate in their category's current evaluation. */
  v1Pending: (evaluators: number, collaborators: number) =>
    `Evaluaciones V1 en curso: ${count(evaluators, 'evaluador tiene', 'evaluadores tienen')} ` +
    `${count(collaborators, 'colaborador', 'colaboradores')} por evaluar.`,
  v1Link: 'Ver el avance en el Dashboard',
  /** An open 360 evaluation: its assignments not yet answered, of all of them. */
  v2Pending: (name: string, period: string, pending: number, total: number) =>
    `Evaluación 360 «${name}» (${period}): ` +
    `${count(pending, 'asignación pendiente', 'asignaciones pendientes')} de ${total}.`,
  v2Link: (name: string) => `Ver el avance de «${name}»`,
};
