import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Whether one of the elements `target` matches has the focus (never waits for it to appear). */
export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluateAll((els) => els.some((el) => el === document.activeElement));
}

export interface FocusRing {
  element: string;
  outline: string;
  boxShadow: string;
}

/** The focused element and how it shows the focus: its computed outline and box-shadow. */
export function focusRing(page: Page): Promise<FocusRing | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const width = parseFloat(style.outlineWidth) || 0;
    const name =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      (el.textContent ?? '').trim().slice(0, 40);
    return {
      element: `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} «${name}»`,
      outline: style.outlineStyle === 'none' || width === 0 ? 'none' : `${style.outlineStyle} ${width}px`,
      boxShadow: style.boxShadow,
    };
  });
}

const visible = (ring: FocusRing) => ring.outline !== 'none' || ring.boxShadow !== 'none';

/** The focused element shows a focus indicator (an outline or a box-shadow). */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await focusRing(page);
  expect(ring, 'algo tiene el foco').not.toBeNull();
  expect(visible(ring!), `indicador de foco visible en ${ring!.element}`).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the page.
 * Every element the focus passes on the way must show a focus indicator.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 80 }: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  const unringed: string[] = [];
  for (let i = 0; ; i += 1) {
    if (await isFocused(target)) {
      expect(unringed, 'elementos sin indicador de foco').toEqual([]);
      return;
    }
    if (i === max) break;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const ring = await focusRing(page);
    if (ring && !visible(ring)) unringed.push(ring.element);
  }
  const ring = await focusRing(page);
  throw new Error(
    `el foco no llegó a ${target.toString()} tras ${max} tabulaciones (está en ${ring?.element})`,
  );
}

/** Waits until `target` has the focus (the page moves it there itself, e.g. to a form's heading). */
export async function waitForFocus(target: Locator): Promise<void> {
  await target.waitFor();
  await expect.poll(() => isFocused(target)).toBe(true);
}
