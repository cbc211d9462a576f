import { RELATION_LABELS, type Relation } from '@evalua/contracts';
import type { MailContent } from '../mail';

/**
 * The reminder e-mail (decision 033): one per person, listing all their pending work — of one
 * evaluation (sent by HR) or of every evaluation due that day (automatic) — each entry with its link.
 */

/** Where the web app opens one piece of work (the form pages read these query parameters). */
export function v1FormPath(collaboratorId: number): string {
  return `/evaluation-form?collaborator=${collaboratorId}`;
}

export function v2FormPath(assignmentId: number): string {
  return `/evaluation-form-v2?assignment=${assignmentId}`;
}

export const V1_FORM_PATH = '/evaluation-form';
export const V2_FORM_PATH = '/evaluation-form-v2';

export function v1ItemText(collaboratorName: string): string {
  return `Evaluar a ${collaboratorName}`;
}

export function v2ItemText(evaluateeName: string, relation: Relation): string {
  return relation === 'self'
    ? 'Tu autoevaluación'
    : `Evaluar a ${evaluateeName} (${RELATION_LABELS[relation].toLowerCase()})`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcOf(day: string): number {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** `day` (YYYY-MM-DD) plus `n` calendar days. */
export function addDays(day: string, n: number): string {
  return new Date(utcOf(day) + n * 86_400_000).toISOString().slice(0, 10);
}

const longDate = new Intl.DateTimeFormat('es-DO', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A moment as the web app writes it (formatDateTime: '29 nov 2026, 10:30 a. m.'), in the
 * organisation's time zone.
 */
export function momentInWords(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('es-DO', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/** '5 de diciembre de 2026'. */
export function dayInWords(day: string): string {
  return longDate.format(new Date(utcOf(day)));
}

/** 'Vence hoy, 5 de diciembre de 2026.', 'Venció el …', 'Vence el … (en 7 días).', or '' without a date. */
export function dueSentence(due: string | null, today: string): string {
  if (due === null) return '';
  const words = dayInWords(due);
  if (due < today) return `Venció el ${words}.`;
  if (due === today) return `Vence hoy, ${words}.`;
  const days = Math.round((utcOf(due) - utcOf(today)) / 86_400_000);
  return days === 1 ? `Vence mañana, ${words}.` : `Vence el ${words} (en ${days} días).`;
}

export interface PendingItem {
  text: string;
  /** The app path of its form (made absolute by the caller). */
  path: string;
}

/** One evaluation's pending work for one person. */
export interface EvaluationWork {
  kind: 'v1' | 'v2';
  id: number;
  name: string;
  due_date: string | null;
  items: PendingItem[];
}

function pendingCount(n: number): string {
  return n === 1 ? '1 evaluación pendiente' : `${n} evaluaciones pendientes`;
}

export function reminderSubject(works: readonly EvaluationWork[]): string {
  return works.length === 1
    ? `Recordatorio: tienes evaluaciones pendientes en «${works[0]!.name}»`
    : 'Recordatorio: tienes evaluaciones pendientes';
}

/** The message's content; `link` makes a path absolute. */
export function reminderContent(
  name: string,
  works: readonly EvaluationWork[],
  today: string,
  link: (path: string) => string,
): MailContent {
  const paragraphs = works.map((w) =>
    [`En «${w.name}» tienes ${pendingCount(w.items.length)}.`, dueSentence(w.due_date, today)]
      .filter((s) => s !== '')
      .join(' '),
  );
  paragraphs.push('Puedes completarlas desde los enlaces de abajo.');
  return {
    subject: reminderSubject(works),
    greeting: `Hola, ${name}:`,
    paragraphs,
    ...workLinks(works, link),
    footnote: 'Si ya completaste estas evaluaciones, puedes ignorar este mensaje.',
  };
}

/** Each pending item as a link, and one button when all the work is on one form. */
function workLinks(
  works: readonly EvaluationWork[],
  link: (path: string) => string,
): Pick<MailContent, 'items' | 'action'> {
  const several = works.length > 1;
  // With both kinds the links in the list say where.
  const kinds = new Set(works.map((w) => w.kind));
  const only = kinds.size === 1 ? works[0]?.kind : undefined;
  return {
    items: works.flatMap((w) =>
      w.items.map((item) => ({
        text: several ? `${w.name}: ${item.text}` : item.text,
        href: link(item.path),
      })),
    ),
    ...(only
      ? {
          action: { label: 'Ir a mis evaluaciones', href: link(only === 'v1' ? V1_FORM_PATH : V2_FORM_PATH) },
        }
      : {}),
  };
}

/** One late evaluation, as HR's weekly digest lists it. */
export interface LateLine {
  kind: 'v1' | 'v2';
  id: number;
  name: string;
  due_date: string;
  pending: number;
  people: number;
}

/**
 * HR's weekly digest (decision 051): each open evaluation past its due date with the work still
 * pending and how many people it waits for, each linked to the screen where HR follows it.
 */
export function digestContent(
  name: string,
  late: readonly LateLine[],
  link: (path: string) => string,
): MailContent {
  const who = (n: number) => (n === 1 ? '1 persona' : `${n} personas`);
  return {
    subject:
      late.length === 1
        ? 'Resumen semanal: 1 evaluación vencida con trabajo pendiente'
        : `Resumen semanal: ${late.length} evaluaciones vencidas con trabajo pendiente`,
    greeting: `Hola, ${name}:`,
    paragraphs: [
      'Estas evaluaciones abiertas ya pasaron su fecha límite y todavía esperan respuestas. Puedes enviar un recordatorio, ampliar la fecha o cerrarlas desde Evalúa.',
    ],
    items: late.map((l) => ({
      text: `${l.kind === 'v2' ? 'Evaluación 360 ' : ''}«${l.name}» venció el ${dayInWords(l.due_date)}: ${pendingCount(l.pending)} de ${who(l.people)}.`,
      href: link(l.kind === 'v1' ? '/dashboard' : `/evaluations-v2/${l.id}/assignments`),
    })),
    footnote: 'Recibes este resumen los lunes mientras haya evaluaciones vencidas con trabajo pendiente.',
  };
}

/** "Propose your raters" (decision 051): the 360 evaluations in which someone can propose theirs. */
export function nominateContent(
  name: string,
  evaluations: readonly string[],
  link: (path: string) => string,
): MailContent {
  return {
    subject:
      evaluations.length === 1
        ? `Propón a tus evaluadores en «${evaluations[0]!}»`
        : 'Propón a tus evaluadores en las evaluaciones 360',
    greeting: `Hola, ${name}:`,
    paragraphs: [
      ...evaluations.map(
        (e) => `En la evaluación 360 «${e}» puedes proponer a las personas que te evaluarán.`,
      ),
      'Tu jefe revisará y aprobará tu propuesta.',
    ],
    action: { label: 'Ir a Nominaciones', href: link('/nominaciones') },
  };
}

/** "Proposals wait for your approval" (decision 051): whose, and in which 360 evaluation. */
export function approveContent(
  name: string,
  proposals: ReadonlyArray<{ evaluatee_name: string; evaluation_name: string }>,
  link: (path: string) => string,
): MailContent {
  return {
    subject:
      proposals.length === 1
        ? `${proposals[0]!.evaluatee_name} espera que apruebes sus evaluadores`
        : `${proposals.length} propuestas de evaluadores esperan tu aprobación`,
    greeting: `Hola, ${name}:`,
    paragraphs: ['Estas personas que te reportan enviaron su propuesta de evaluadores 360:'],
    items: proposals.map((p) => ({ text: `${p.evaluatee_name}, en «${p.evaluation_name}»` })),
    action: { label: 'Revisar y aprobar', href: link('/nominaciones') },
  };
}

/**
 * "Your evaluations started" (decision 051): what an open evaluation asks of this person, told once
 * per evaluation when they first have work in it.
 */
export function launchContent(
  name: string,
  works: readonly EvaluationWork[],
  today: string,
  link: (path: string) => string,
): MailContent {
  const paragraphs = works.map((w) =>
    [`Comenzó «${w.name}»: tienes ${pendingCount(w.items.length)}.`, dueSentence(w.due_date, today)]
      .filter((s) => s !== '')
      .join(' '),
  );
  paragraphs.push('Puedes completarlas desde los enlaces de abajo; tus respuestas se guardan al enviarlas.');
  return {
    subject:
      works.length === 1
        ? `Comenzó la evaluación «${works[0]!.name}»`
        : 'Comenzaron evaluaciones en las que participas',
    greeting: `Hola, ${name}:`,
    paragraphs,
    ...workLinks(works, link),
    footnote:
      'Para entrar inicia sesión en Evalúa. Si todavía no tienes contraseña, pide a Gestión Humana un enlace de acceso.',
  };
}
