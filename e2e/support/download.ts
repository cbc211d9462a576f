import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Clicks something that downloads a file and saves the file: its suggested name and its path. */
export async function saveDownload(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; file: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-dl-')), download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), file };
}

/** The text of a downloaded PDF, as poppler's pdftotext lays it out. */
export function pdfTextOf(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
