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
  /** Someone's own pending work (issue 30 §2): evaluators and collaborators. */
  myPendingTitle: 'Tu trabajo pendiente',
  myNothingPending: 'No tienes evaluaciones pendientes.',
  myV1: (name: string, pending: number) =>
    `«${name}»: ${count(pending, 'colaborador', 'colaboradores')} por evaluar.`,
  myV1Link: 'Ir a Realizar Evaluación (V1)',
  myV2: (name: string, pending: number) =>
    `Evaluación 360 «${name}»: ${count(pending, 'evaluación', 'evaluaciones')} por responder.`,
  myV2Link: 'Ir a Realizar Evaluación (V2)',
  /** ' Vence el 5 dic 2026.' after a line, when its evaluation has a due date. */
  due: (day: string) => ` Vence el ${day}.`,
  toNominate: (name: string) => `Evaluación 360 «${name}»: propón a las personas que te evaluarán.`,
  toApprove: (n: number) =>
    n === 1
      ? '1 propuesta de evaluadores espera tu aprobación.'
      : `${n} propuestas de evaluadores esperan tu aprobación.`,
  nominationsLink: 'Ir a Nominaciones',
};
