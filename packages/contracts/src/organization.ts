import { z } from 'zod';
import { endpoint, fileResponse, noContent } from './endpoint';

/**
 * The organisation's papers (issue 30 §6, decision 058): its name (ORGANIZATION_NAME) and the logo an
 * administrator uploads — a PNG or JPEG, checked by its content — printed on every report PDF
 * instead of the shipped one.
 */

/** The largest logo accepted, in bytes. */
export const LOGO_MAX_BYTES = 512 * 1024;
/** The largest width or height accepted, in pixels (a small file can hold a huge image). */
export const LOGO_MAX_PIXELS = 2000;
export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoMediaType = (typeof LOGO_MEDIA_TYPES)[number];

export const ORGANIZATION_MESSAGES = {
  noFile: 'Elige una imagen PNG o JPEG para el logo.',
  incomplete: 'La subida del logo llegó incompleta. Inténtalo de nuevo.',
  pngKind:
    'Este tipo de PNG (entrelazado, o de pocos colores con transparencia) no se puede usar: guárdalo de nuevo como PNG normal o como JPEG.',
  wrongType: 'El logo debe ser una imagen PNG o JPEG.',
  tooLarge: `El logo no puede pasar de ${LOGO_MAX_BYTES / 1024} KB.`,
  tooManyPixels: `El logo no puede medir más de ${LOGO_MAX_PIXELS} × ${LOGO_MAX_PIXELS} píxeles.`,
  unreadable: 'No se pudo leer la imagen: puede estar dañada. Prueba con otro archivo PNG o JPEG.',
  noLogo: 'La organización usa el logo de Evalúa: no ha subido uno propio.',
  saved: 'Logo guardado: aparecerá en los reportes PDF.',
  removed: 'Se quitó el logo: los reportes PDF vuelven a llevar el de Evalúa.',
} as const;

export const organizationSchema = z.object({
  /** ORGANIZATION_NAME, as the papers print it. */
  name: z.string(),
  /** The uploaded logo, or null (the shipped one). */
  logo: z
    .object({
      media_type: z.enum(LOGO_MEDIA_TYPES),
      bytes: z.number().int(),
      updated_at: z.string(),
    })
    .nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationEndpoints = {
  /** Admin and HR: the name and whether a logo was uploaded. */
  get: endpoint({ method: 'GET', path: '/api/organization', response: organizationSchema }),
  /** Admin and HR: the uploaded logo's bytes (404 when there is none). */
  logo: endpoint({
    method: 'GET',
    path: '/api/organization/logo',
    /** `v`: the logo's updated_at, so a new logo is a new address for the browser's cache. */
    query: z.object({ v: z.string().max(40, { error: 'La versión no es válida.' }).optional() }),
    response: fileResponse,
  }),
  /** Admin: a multipart upload with one file field `logo`. */
  uploadLogo: endpoint({ method: 'PUT', path: '/api/organization/logo', response: organizationSchema }),
  /** Admin: back to the shipped logo. */
  removeLogo: endpoint({ method: 'DELETE', path: '/api/organization/logo', response: noContent }),
};
