import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A 375 px phone (iPhone SE/mini class), touch, with its mobile viewport rules. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
};

export interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  /** Elements that stick out of the viewport and are not inside a horizontal scroll container. */
  offenders: string[];
}

/**
 * Horizontal overflow as it is now: the page's scroll width, and every rendered element whose box
 * goes past the right edge (or is wider than the viewport) without an ancestor that scrolls
 * horizontally on purpose (overflow-x auto/scroll, itself within the viewport — a table wrapper).
 */
export function horizontalOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const scrollsOnPurpose = (el: Element) => {
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      return (
        (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        rect.width <= vw + 1 &&
        rect.right <= vw + 1
      );
    };
    const describe = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const id = el.id ? `#${el.id}` : '';
      const cls =
        typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${cls} [${Math.round(rect.left)}–${Math.round(rect.right)}] «${text}»`;
    };
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right <= vw + 1 && rect.width <= vw + 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Off-canvas to the left (the closed side menu) never makes the page scroll sideways.
      if (rect.right <= 0) continue;
      let parent = el.parentElement;
      let contained = false;
      while (parent && parent !== document.body) {
        if (scrollsOnPurpose(parent)) {
          contained = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (!contained) offenders.push(describe(el));
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: vw,
      offenders: offenders.slice(0, 10),
    };
  });
}

/** No horizontal scrolling: the page fits and nothing sticks out except inside scroll containers. */
export async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const o = await horizontalOverflow(page);
  expect(o.offenders, `elementos fuera de la pantalla en ${label}`).toEqual([]);
  expect(o.scrollWidth, `desplazamiento horizontal en ${label}`).toBeLessThanOrEqual(o.clientWidth);
}

let shotsDir: string | null = null;

/** A full-page screenshot of the state being checked, in a temporary folder; checks it fits the width. */
export async function screenshotFits(page: Page, name: string): Promise<string> {
  shotsDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-mobile-'));
  const file = path.join(shotsDir, `${name.replace(/[^\p{L}\p{N}-]+/gu, '_')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await expectNoHorizontalOverflow(page, name);
  // The image is as wide as the viewport: nothing made the page wider.
  const png = fs.readFileSync(file);
  const width = png.readUInt32BE(16);
  const expected = await page.evaluate(() => Math.round(window.innerWidth * window.devicePixelRatio));
  expect(width, `ancho de la captura ${name}`).toBe(expected);
  return file;
}

/**
 * The element is reachable without any sideways scrolling: with the page and every ancestor
 * scrolled fully left, its box lies within the viewport's width.
 */
export async function expectWithinWidth(locator: Locator, label: string): Promise<void> {
  const box = await locator.evaluate((el) => {
    window.scrollTo(0, window.scrollY);
    for (let p = el.parentElement; p; p = p.parentElement) p.scrollLeft = 0;
    const rect = el.getBoundingClientRect();
    return { left: rect.left, right: rect.right, vw: document.documentElement.clientWidth };
  });
  expect(box.left, `${label}: borde izquierdo`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${label}: fuera de la pantalla sin desplazar`).toBeLessThanOrEqual(box.vw);
}

/** What is wrong with the buttons and links inside an element, and how many there were. */
export interface ControlsFit {
  checked: number;
  /** Each control off-screen sideways or with its text cut off, by name and box. */
  problems: string[];
}

/**
 * Every rendered button and link inside `scope`, with the page and every ancestor scrolled fully
 * left: is its box within the viewport's width, and is its text whole (nothing it clips — a Mantine
 * button's label clips — is wider than its box)?
 */
export function controlsFit(scope: Locator): Promise<ControlsFit> {
  return scope.evaluate((root) => {
    window.scrollTo(0, window.scrollY);
    const vw = document.documentElement.clientWidth;
    const selector = 'button, a[href], [role="button"], [role="link"]';
    const problems: string[] = [];
    let checked = 0;
    const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
    for (const el of Array.from(root.querySelectorAll<HTMLElement>(selector))) {
      const shown = el.getBoundingClientRect();
      // Not rendered (inside something closed), or visually hidden on purpose (1 px).
      if (shown.width <= 1 && shown.height <= 1) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      for (let p = el.parentElement; p; p = p.parentElement) if (p.scrollLeft) p.scrollLeft = 0;
      const rect = el.getBoundingClientRect();
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
      checked += 1;
      if (rect.left < -0.5 || rect.right > vw + 0.5)
        problems.push(`«${name}» en ${Math.round(rect.left)}–${Math.round(rect.right)}, fuera de 0–${vw}`);
      const label = el.querySelector('.mantine-Button-label');
      for (const box of [el, label])
        if (box && clips(box) && box.scrollWidth > box.clientWidth + 1)
          problems.push(`«${name}» recortado: ${box.scrollWidth} px de texto en ${box.clientWidth} px`);
    }
    return { checked, problems };
  });
}

/**
 * Every button and link inside `scope` (all rows of its lists, not only the first) is whole and
 * within the viewport's width without scrolling sideways; there is at least one.
 */
export async function expectAllWithinWidth(scope: Locator, label: string): Promise<void> {
  const fit = await controlsFit(scope);
  expect(fit.problems, `${label}: botones y enlaces fuera de la pantalla o recortados`).toEqual([]);
  expect(fit.checked, `${label}: botones y enlaces comprobados`).toBeGreaterThan(0);
}
