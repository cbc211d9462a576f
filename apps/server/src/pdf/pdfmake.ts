import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfMakeModule from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { repoRoot } from '../paths';

const require = createRequire(import.meta.url);
type PdfMake = typeof PdfMakeModule;

/** The logo every PDF carries: the app's own file, shipped in the repository. */
export const LOGO_PATH = path.join(repoRoot, 'apps/web/public/logo.svg');

let instance: { pdfmake: PdfMake; logo: string } | null = null;

/**
 * pdfmake for the server, set up once: Roboto from pdfmake's own folder (it covers every Spanish
 * letter), no URL may be fetched, and only the font files may be read from disk.
 */
function engine(): { pdfmake: PdfMake; logo: string } {
  if (instance) return instance;
  const pdfmake = require('pdfmake') as PdfMake;
  const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  pdfmake.setFonts({
    Roboto: {
      normal: path.join(fontDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir + path.sep));
  instance = { pdfmake, logo: fs.readFileSync(LOGO_PATH, 'utf8') };
  return instance;
}

/** The logo as SVG markup, for a document's `svg` node. */
export function logoSvg(): string {
  return engine().logo;
}

/** An organisation's own logo (decision 058): PNG or JPEG bytes. */
export interface PaperLogo {
  image: Buffer;
  mediaType: 'image/png' | 'image/jpeg';
}

function imageNode(logo: PaperLogo): Content {
  return { image: `data:${logo.mediaType};base64,${logo.image.toString('base64')}`, fit: [160, 60] };
}

/** The logo at the top of a paper: the organisation's own, or the shipped one. */
export function logoNode(logo: PaperLogo | undefined): Content {
  return logo ? imageNode(logo) : { svg: logoSvg(), width: 120 };
}

/** Whether pdfmake can draw this image (a damaged PNG or JPEG makes it throw). */
export async function checkImageRenders(logo: PaperLogo): Promise<boolean> {
  try {
    await renderPdf({ content: [imageNode(logo)] });
    return true;
  } catch {
    return false;
  }
}

/** Renders a document definition to PDF bytes (A4 unless the definition says otherwise). */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  const { pdfmake } = engine();
  return pdfmake.createPdf({ pageSize: 'A4', ...doc }).getBuffer();
}
