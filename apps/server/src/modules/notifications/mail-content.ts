import type { MailContent } from '../mail';

/** The Spanish "your results are ready" e-mails (decision 033); the layout adds the organisation. */

const NO_ACCESS_YET =
  'Para verlo inicia sesión en Evalúa. Si todavía no tienes contraseña, pide a Gestión Humana un enlace de acceso.';

export function v1ReportReadyMail(
  name: string,
  evaluation: string,
  period: string,
  link: string,
): MailContent {
  return {
    subject: 'Tu reporte de evaluación está disponible',
    greeting: `Hola, ${name}:`,
    paragraphs: [
      `Ya puedes consultar tu reporte de la evaluación «${evaluation}» (periodo ${period}).`,
      'El reporte se actualiza si otro de tus evaluadores completa su evaluación.',
    ],
    action: { label: 'Ver mi reporte', href: link },
    footnote: NO_ACCESS_YET,
  };
}

/** A manager's "your team's 360 results are released to you" (decision 055). */
export function v2TeamResultsReadyMail(
  name: string,
  evaluation: string,
  period: string,
  people: number,
  link: string,
): MailContent {
  const whose = people === 1 ? 'de 1 persona de tu equipo' : `de ${people} personas de tu equipo`;
  return {
    subject: 'Los resultados 360 de tu equipo están disponibles',
    greeting: `Hola, ${name}:`,
    paragraphs: [
      `La evaluación 360 «${evaluation}» (periodo ${period}) se cerró y ya puedes consultar los resultados ${whose}.`,
    ],
    action: { label: 'Ver los resultados de mi equipo', href: link },
    footnote: NO_ACCESS_YET,
  };
}

export function v2ResultsReadyMail(
  name: string,
  evaluation: string,
  period: string,
  link: string,
): MailContent {
  return {
    subject: 'Tus resultados de la evaluación 360 están disponibles',
    greeting: `Hola, ${name}:`,
    paragraphs: [
      `La evaluación 360 «${evaluation}» (periodo ${period}) se cerró y ya puedes consultar tus resultados.`,
    ],
    action: { label: 'Ver mis resultados', href: link },
    footnote: NO_ACCESS_YET,
  };
}
