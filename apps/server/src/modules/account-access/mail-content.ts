import { ACCESS_LINK_DAYS, RESET_LINK_MINUTES } from '@evalua/contracts';
import type { MailContent } from '../mail';

/** The Spanish e-mails of access and reset links (decision 033); the layout adds the organisation. */

export const greeting = (name: string): string => `Hola, ${name}:`;

export function accessLinkMail(name: string, link: string): MailContent {
  return {
    subject: 'Tu acceso a Evalúa',
    greeting: greeting(name),
    paragraphs: [
      'Se te dio acceso a Evalúa, la plataforma de evaluación del personal.',
      'Para entrar, abre el enlace y elige tu contraseña. Después entrarás directamente a tu página de inicio.',
    ],
    action: { label: 'Elegir mi contraseña', href: link },
    footnote:
      `El enlace vale ${ACCESS_LINK_DAYS} días y sirve una sola vez. ` +
      'Si vence, pide uno nuevo a Gestión Humana o usa «¿Olvidaste tu contraseña?».',
  };
}

export function passwordResetMail(name: string, link: string): MailContent {
  return {
    subject: 'Restablece tu contraseña de Evalúa',
    greeting: greeting(name),
    paragraphs: [
      'Recibimos una solicitud para restablecer la contraseña de tu cuenta de Evalúa.',
      'Abre el enlace y escribe tu nueva contraseña dos veces. Al guardarla se cerrarán todas tus sesiones abiertas.',
    ],
    action: { label: 'Restablecer mi contraseña', href: link },
    footnote:
      `El enlace vale ${RESET_LINK_MINUTES} minutos y sirve una sola vez. ` +
      'Si no pediste este cambio, ignora este correo.',
  };
}
