import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { pngImage } from '../apps/server/test/images';
import { describeInChromium, useDemoApp } from './support/app';
import { expectNoAxeViolations, pageProblems } from './support/browser';
import { PHONE, expectAllWithinWidth, expectNoHorizontalOverflow } from './support/layout';

describeInChromium('Organización in Chromium (decision 058)', () => {
  const app = useDemoApp();

  it('lets the admin upload the school’s logo, refuses a file that only claims to be one, and remove it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-logo-'));
    const good = path.join(dir, 'escudo.png');
    const fake = path.join(dir, 'falso.png');
    fs.writeFileSync(good, pngImage(80, 40, [120, 120, 120]));
    fs.writeFileSync(fake, 'esto no es una imagen');

    const { context, page } = await app.signIn('admin', '/dashboard');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Organización' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Organización' }).waitFor();
    await page.getByText('Se usa el logo de Evalúa.').waitFor();
    await expectNoAxeViolations(page, 'organización sin logo');

    const input = page.locator('input[type="file"]');
    await input.setInputFiles(fake);
    await page.getByRole('button', { name: 'Subir logo' }).click();
    await page.getByRole('alert').getByText('El logo debe ser una imagen PNG o JPEG.').waitFor();
    await page.getByText('Se usa el logo de Evalúa.').waitFor();

    await input.setInputFiles(good);
    await page.getByRole('button', { name: 'Subir logo' }).click();
    await page.getByText('Logo guardado: aparecerá en los reportes PDF.').waitFor();
    const img = page.getByRole('img', { name: 'Logo de la organización' });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(80);
    await expectNoAxeViolations(page, 'organización con logo');

    // At 375 px every action is on screen.
    const phone = await app.signIn('admin', '/dashboard', PHONE);
    await phone.page.goto('/organizacion');
    await phone.page.getByRole('button', { name: 'Quitar logo' }).waitFor();
    await expectAllWithinWidth(phone.page.getByRole('main'), 'organización a 375 px');
    await expectNoHorizontalOverflow(phone.page, 'organización a 375 px');
    await phone.context.close();

    await page.getByRole('button', { name: 'Quitar logo' }).click();
    await page.getByRole('dialog', { name: 'Quitar logo' }).getByRole('button', { name: 'Quitar' }).click();
    await page.getByText('Se quitó el logo: los reportes PDF vuelven a llevar el de Evalúa.').waitFor();
    await page.getByText('Se usa el logo de Evalúa.').waitFor();

    expect(pageProblems(page).filter((p) => !/status of 400/.test(p))).toEqual([]);
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
