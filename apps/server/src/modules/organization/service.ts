import {
  LOGO_MAX_BYTES,
  LOGO_MAX_PIXELS,
  LOGO_MEDIA_TYPES,
  ORGANIZATION_MESSAGES as M,
  type LogoMediaType,
  type Organization,
} from '@evalua/contracts';
import { fileTypeFromBuffer } from 'file-type';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/access';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { checkImageRenders, type PaperLogo } from '../../pdf/pdfmake';
import { nowIso } from '../../time';
import { audit } from '../audit';
import { declaredSize, pngDrawable } from './image-size';
import { deleteLogo, findLogo, findLogoInfo, saveLogo } from './repository';

const isLogoType = (mime: string | undefined): mime is LogoMediaType =>
  (LOGO_MEDIA_TYPES as readonly string[]).includes(mime ?? '');

/** The name the papers print and the uploaded logo's description. */
export async function organizationOf(db: Kysely<Database>, name: string): Promise<Organization> {
  const info = await findLogoInfo(db);
  return {
    name,
    logo:
      info && isLogoType(info.media_type)
        ? { media_type: info.media_type, bytes: Number(info.bytes), updated_at: info.updated_at }
        : null,
  };
}

/** The logo the papers carry: the uploaded one, or undefined (the shipped logo). */
export async function paperLogo(db: Kysely<Database>): Promise<PaperLogo | undefined> {
  const row = await findLogo(db);
  return row && isLogoType(row.media_type) ? { image: row.image, mediaType: row.media_type } : undefined;
}

/** The uploaded logo's bytes and type, or 404. */
export async function logoFile(db: Kysely<Database>): Promise<PaperLogo> {
  const logo = await paperLogo(db);
  if (!logo) throw notFound(M.noLogo);
  return logo;
}

/**
 * Stores an uploaded logo (decision 058): a PNG or JPEG by its content — what the file's name or the
 * browser's type say counts for nothing —, at most LOGO_MAX_BYTES and LOGO_MAX_PIXELS a side (read
 * from its header before anything decodes it), and one pdfmake can draw (a damaged image is refused
 * now, not when a report is printed). Audited.
 */
export async function uploadLogo(db: Kysely<Database>, bytes: Buffer, actor: Actor): Promise<void> {
  if (bytes.length === 0) throw badRequest(M.noFile, 'logo');
  if (bytes.length > LOGO_MAX_BYTES) throw badRequest(M.tooLarge, 'logo');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isLogoType(detected.mime)) throw badRequest(M.wrongType, 'logo');
  const size = declaredSize(bytes, detected.mime);
  if (!size || size.width === 0 || size.height === 0) throw badRequest(M.unreadable, 'logo');
  if (size.width > LOGO_MAX_PIXELS || size.height > LOGO_MAX_PIXELS)
    throw badRequest(M.tooManyPixels, 'logo');
  if (detected.mime === 'image/png') {
    const drawable = pngDrawable(bytes);
    if (drawable === 'unsupported') throw badRequest(M.pngKind, 'logo');
    if (drawable === 'unreadable') throw badRequest(M.unreadable, 'logo');
  }
  const logo = { image: bytes, mediaType: detected.mime };
  if (!(await checkImageRenders(logo))) throw badRequest(M.unreadable, 'logo');
  await db.transaction().execute(async (trx) => {
    await saveLogo(trx, {
      image: bytes,
      media_type: detected.mime,
      updated_at: nowIso(),
      updated_by: actor.userId,
    });
    await audit(trx, {
      userId: actor.userId,
      action: 'update',
      entity: 'organization',
      entityId: 1,
      after: { logo: { media_type: detected.mime, bytes: bytes.length } },
      ip: actor.ip,
    });
  });
}

/** Back to the shipped logo; 404 when none was uploaded. Audited. */
export async function removeLogo(db: Kysely<Database>, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if ((await deleteLogo(trx)) === 0) throw notFound(M.noLogo);
    await audit(trx, {
      userId: actor.userId,
      action: 'delete',
      entity: 'organization',
      entityId: 1,
      before: { logo: true },
      ip: actor.ip,
    });
  });
}
