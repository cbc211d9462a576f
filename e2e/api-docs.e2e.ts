import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium, useDemoApp } from './support/app';
import { pageProblems } from './support/browser';

/**
 * The API document (/api/docs) as an administrator sees it: Swagger UI reads in Spanish (issue 15).
 * Its English labels — each shown in one of the states this test opens — must not be left on screen.
 */
const ENGLISH = [
  'Try it out',
  'Execute',
  'Cancel',
  'Clear',
  'Authorize',
  'Available authorizations',
  'Close',
  'Parameters',
  'Name',
  'Description',
  'Request body',
  'Example Value',
  'Edit Value',
  'Schema',
  'Responses',
  'Code',
  'Details',
  'Links',
  'No links',
  'Media type',
  'Controls',
  'Request URL',
  'Server response',
  'Response body',
  'Response headers',
  'Request duration',
  'Download',
  'Please correct the following validation errors and try again.',
  'path',
  'query',
];
/** The English of tooltips, accessible names and placeholders. */
const ENGLISH_ATTRIBUTES = [
  'Filter by tag or path',
  'Expand operation',
  'Collapse operation',
  'Copy path to clipboard',
  'Copy code to clipboard',
  'Copy cURL command to clipboard',
  'Apply credentials',
  'authorization button unlocked',
  'Media Type',
  'Request content type',
];

/** Every visible text on the page outside code and examples (trimmed), and its tooltips and labels. */
async function visibleTexts(page: Page): Promise<{ texts: string[]; attributes: string[] }> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = (node.nodeValue ?? '').trim();
      if (text && parent?.checkVisibility() && !parent.closest('pre, code, textarea')) texts.add(text);
    }
    const attributes = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('[title], [aria-label], [placeholder]')))
      for (const name of ['title', 'aria-label', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value) attributes.add(value);
      }
    return { texts: [...texts], attributes: [...attributes] };
  });
}

async function expectNoEnglish(page: Page, state: string): Promise<void> {
  const { texts, attributes } = await visibleTexts(page);
  expect(
    texts.filter((t) => ENGLISH.includes(t)),
    `texto en inglés (${state})`,
  ).toEqual([]);
  expect(
    attributes.filter((a) => ENGLISH_ATTRIBUTES.includes(a)),
    `etiquetas en inglés (${state})`,
  ).toEqual([]);
}

/** One operation's block (its summary opens it). */
function operation(page: Page, method: string, path: string): Locator {
  return page.locator(`.opblock-${method}`).filter({
    has: page.locator(`.opblock-summary-path[data-path="${path}"]`),
  });
}

describeInChromium('the API document in Spanish', () => {
  const app = useDemoApp();

  it('shows Swagger UI in Spanish: the page, an operation after «Probar» and «Ejecutar», and «Autorizar»', async () => {
    const { context, page } = await app.signIn('admin', '/dashboard');
    const res = await page.goto('/api/docs');
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.locator('.opblock-tag').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    expect(await page.locator('html').getAttribute('lang')).toBe('es-DO');
    expect(await page.getByPlaceholder('Filtrar por etiqueta o ruta').count()).toBe(1);
    await expectNoEnglish(page, 'la página');

    // An operation with path parameters and a body: opened, «Probar», then «Ejecutar» with its id empty.
    await page.locator('.opblock-tag', { hasText: 'Usuarios' }).click();
    const update = operation(page, 'put', '/api/users/{id}');
    await update.locator('.opblock-summary').click();
    await update.getByRole('heading', { name: 'Parámetros' }).waitFor();
    await update.getByRole('button', { name: 'Probar' }).click();
    await update.getByRole('button', { name: 'Cancelar' }).waitFor();
    await update.getByRole('button', { name: 'Ejecutar' }).click();
    await update.getByText('Corrige los siguientes errores y vuelve a intentarlo.').waitFor();
    await update.getByText('En «id»: Falta este dato obligatorio.').waitFor();
    for (const heading of ['Cuerpo de la solicitud', 'Respuestas'])
      expect(await update.getByRole('heading', { name: heading }).count(), heading).toBe(1);
    for (const tab of ['Editar valor', 'Esquema'])
      expect(await update.getByRole('tab', { name: tab }).count(), tab).toBeGreaterThan(0);
    expect(await update.getByText('(ruta)').count()).toBe(1);
    // The mark Swagger UI's stylesheet draws after a required parameter's and the body's name.
    const marks = await update
      .locator('.parameter__name.required')
      .evaluateAll((els) => els.map((el) => getComputedStyle(el, '::after').content));
    expect(marks).toEqual(['"obligatorio"', '"obligatorio"']);
    await expectNoEnglish(page, 'PUT /api/users/{id} tras «Probar» y «Ejecutar»');

    // A call that answers: the request and the server's response, in Spanish.
    const me = operation(page, 'get', '/api/users/me');
    await page.locator('.opblock-tag', { hasText: 'Sesión' }).click();
    await me.locator('.opblock-summary').click();
    await me.getByRole('button', { name: 'Probar' }).click();
    await me.getByRole('button', { name: 'Ejecutar' }).click();
    await me.getByRole('heading', { name: 'Respuesta del servidor' }).waitFor();
    await expect
      .poll(() => me.locator('.live-responses-table tbody .response-col_status').first().textContent())
      .toContain('200');
    for (const text of [
      'URL de la solicitud',
      'Cuerpo de la respuesta',
      'Cabeceras de la respuesta',
      'Duración de la solicitud',
    ])
      expect(await me.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    expect(await me.getByRole('button', { name: 'Limpiar' }).count()).toBe(1);
    expect(await me.getByRole('button', { name: 'Descargar' }).count()).toBe(1);
    await expectNoEnglish(page, 'GET /api/users/me ejecutada');

    // The authorisations dialog.
    await page.getByRole('button', { name: 'Autorizar' }).first().click();
    await page.getByRole('heading', { name: 'Autorizaciones disponibles' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cerrar' }).count()).toBeGreaterThan(0);
    await expectNoEnglish(page, 'diálogo «Autorizar»');

    expect(pageProblems(page)).toEqual([]);
    await context.close();
  });
});
