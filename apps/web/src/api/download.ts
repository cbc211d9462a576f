import type { FileAnswer } from './client';

/** The file name a Content-Disposition header gives (RFC 6266: filename* wins over filename). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Badly encoded: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}

/** Saves a file answer under the name the server gives (or `fallbackName`). */
export function saveFile({ blob, disposition }: FileAnswer, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(disposition, fallbackName);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
