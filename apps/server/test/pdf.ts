import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function withFile<T>(pdf: Buffer, fn: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as poppler's pdftotext reads it. */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (file) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));
}

/** pdfinfo's report (page size, pages, title). */
export function pdfInfo(pdf: Buffer): string {
  return withFile(pdf, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
}

/** The images a PDF draws, as `pdfimages -list` reports them: width and height of each. */
export function pdfImages(pdf: Buffer): Array<{ width: number; height: number }> {
  const list = withFile(pdf, (file) => execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }));
  return list
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cols = line.trim().split(/\s+/);
      return { width: Number(cols[3]), height: Number(cols[4]) };
    });
}

/** poppler is there; in CI its absence is a failure, elsewhere PDF tests skip. */
export const havePoppler: boolean = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI || process.env.REQUIRE_BROWSER === '1') {
      throw new Error('pdftotext (poppler-utils) no está instalado: las pruebas de PDF no pueden omitirse.');
    }
    return false;
  }
})();
