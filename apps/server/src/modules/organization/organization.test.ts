import {
  LOGO_MAX_BYTES,
  ORGANIZATION_MESSAGES as M,
  fullEvaluationEndpoints,
  organizationEndpoints,
  reportEndpoints,
  type BodyInput,
} from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { call, callExpecting } from '../../../test/call';
import type { TestClient } from '../../../test/client';
import { describeEngines } from '../../../test/context';
import { loginAs } from '../../../test/factories';
import { multipartFile, pngImage } from '../../../test/images';
import { havePoppler, pdfImages, pdfText } from '../../../test/pdf';
import { createV1Evaluation, evaluatorWithCollaborator, submitBody } from '../../../test/v1';

const URL = '/api/organization/logo';

function put(client: TestClient, file: { name: string; type: string; bytes: Buffer }) {
  const { payload, contentType } = multipartFile('logo', file);
  return client.request('PUT', URL, undefined, { payload, headers: { 'content-type': contentType } });
}

const png = (w: number, h: number) => ({ name: 'escudo.png', type: 'image/png', bytes: pngImage(w, h) });

describeEngines('organisation logo on the papers (decision 058)', (t) => {
  it('takes a PNG by its content, serves it back, and goes back to the shipped logo when removed', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const { client: hr } = await loginAs(t(), 'gestionhumana');
    const before = await call(hr, organizationEndpoints.get);
    expect(before.body).toEqual({ name: t().config.organizationName, logo: null });
    const none = await callExpecting(hr, organizationEndpoints.logo, {}, 404);
    expect(none.body.error).toBe(M.noLogo);

    const image = pngImage(120, 60);
    const res = await put(admin, { name: 'escudo.png', type: 'image/png', bytes: image });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ logo: { media_type: 'image/png', bytes: image.length } });
    const served = await call(hr, organizationEndpoints.logo, {});
    expect(served.res.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.res.rawPayload, image)).toBe(0);

    // HR may see it, not change it.
    expect((await put(hr, png(10, 10))).statusCode).toBe(403);
    expect((await hr.delete(URL)).statusCode).toBe(403);

    expect((await admin.delete(URL)).statusCode).toBe(204);
    expect((await call(hr, organizationEndpoints.get)).body.logo).toBeNull();
    expect((await callExpecting(admin, organizationEndpoints.removeLogo, {}, 404)).body.error).toBe(M.noLogo);
  });

  it('refuses what is not a readable PNG or JPEG, whatever its name or declared type, and keeps the logo it had', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const kept = pngImage(30, 30);
    expect((await put(admin, { name: 'a.png', type: 'image/png', bytes: kept })).statusCode).toBe(200);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const damaged = Buffer.concat([kept.subarray(0, 40), Buffer.alloc(60, 7)]);
    // A few hundred bytes declaring 5000 × 4 pixels: refused from its header, never decoded.
    const wide = pngImage(5000, 4);
    const refusals: Array<[{ name: string; type: string; bytes: Buffer }, number, string]> = [
      [{ name: 'ancho.png', type: 'image/png', bytes: wide }, 400, M.tooManyPixels],
      // PNGs with transparency that pdfkit would decode out of reach of any catch (decision 058).
      [
        {
          name: 'filtro.png',
          type: 'image/png',
          bytes: pngImage(8, 8, undefined, { alpha: true, filter: 9 }),
        },
        400,
        M.unreadable,
      ],
      [
        {
          name: 'zlib.png',
          type: 'image/png',
          bytes: pngImage(8, 8, undefined, { alpha: true, idat: Buffer.alloc(40, 3) }),
        },
        400,
        M.unreadable,
      ],
      [
        { name: 'entrelazado.png', type: 'image/png', bytes: pngImage(8, 8, undefined, { interlace: true }) },
        400,
        M.pngKind,
      ],
      [{ name: 'logo.png', type: 'image/png', bytes: Buffer.from('no soy una imagen') }, 400, M.wrongType],
      [{ name: 'logo.png', type: 'image/png', bytes: svg }, 400, M.wrongType],
      [{ name: 'logo.svg', type: 'image/svg+xml', bytes: svg }, 400, M.wrongType],
      [{ name: 'logo.png', type: 'image/png', bytes: gif }, 400, M.wrongType],
      [{ name: 'logo.png', type: 'image/png', bytes: damaged }, 400, M.unreadable],
      [{ name: 'logo.png', type: 'image/png', bytes: Buffer.alloc(0) }, 400, M.noFile],
      [
        { name: 'logo.png', type: 'image/png', bytes: Buffer.concat([kept, Buffer.alloc(LOGO_MAX_BYTES)]) },
        413,
        M.tooLarge,
      ],
    ];
    for (const [file, status, error] of refusals) {
      const res = await put(admin, file);
      expect([file.name, res.statusCode, res.json<{ error: string }>().error]).toEqual([
        file.name,
        status,
        error,
      ]);
    }
    // A multipart body without its boundary, or cut short: the person's upload, a 400.
    const broken = await admin.request('PUT', URL, undefined, {
      payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\nabc'),
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect([broken.statusCode, broken.json<{ error: string }>().error]).toEqual([400, M.incomplete]);
    const cut = multipartFile('logo', { name: 'a.png', type: 'image/png', bytes: kept });
    const truncated = await admin.request('PUT', URL, undefined, {
      payload: cut.payload.subarray(0, cut.payload.length - 30),
      headers: { 'content-type': cut.contentType },
    });
    expect([truncated.statusCode, truncated.json<{ error: string }>().error]).toEqual([400, M.incomplete]);
    // Not a multipart upload at all, or the file under another name.
    const json = await admin.request('PUT', URL, { logo: 'x' });
    expect([json.statusCode, json.json<{ error: string }>().error]).toEqual([400, M.noFile]);
    const other = multipartFile('archivo', { name: 'a.png', type: 'image/png', bytes: kept });
    const wrongField = await admin.request('PUT', URL, undefined, {
      payload: other.payload,
      headers: { 'content-type': other.contentType },
    });
    expect([wrongField.statusCode, wrongField.json<{ error: string }>().error]).toEqual([400, M.noFile]);

    const served = await call(admin, organizationEndpoints.logo, {});
    expect(Buffer.compare(served.res.rawPayload, kept)).toBe(0);
  });

  it('takes a PNG with transparency, and the report PDF draws it', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const rgba = pngImage(64, 32, [10, 120, 60], { alpha: true });
    expect((await put(admin, { name: 'escudo.png', type: 'image/png', bytes: rgba })).statusCode).toBe(200);
    const setup = await createV1Evaluation(t(), ['competency']);
    const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
    await call(client, fullEvaluationEndpoints.submit, {
      body: submitBody(setup, collaborator.id, evaluator.id, [3]) as BodyInput<
        typeof fullEvaluationEndpoints.submit
      >,
    });
    const pdf = await call(admin, reportEndpoints.pdf, {
      params: { evaluationId: setup.evaluationId, userId: collaborator.id },
    });
    expect(pdf.res.headers['content-type']).toBe('application/pdf');
    if (havePoppler)
      expect(pdfImages(pdf.res.rawPayload).some((i) => i.width === 64 && i.height === 32)).toBe(true);
    await admin.delete(URL);
  });

  it('ten racing uploads leave one whole logo, one of those sent', async () => {
    const { client: admin } = await loginAs(t(), 'admin');
    const images = Array.from({ length: 10 }, (_, i) => pngImage(20 + i, 10));
    const answers = await Promise.all(
      images.map((bytes) => put(admin, { name: 'l.png', type: 'image/png', bytes })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const served = await call(admin, organizationEndpoints.logo, {});
    expect(images.some((i) => Buffer.compare(i, served.res.rawPayload) === 0)).toBe(true);
  });

  describe.skipIf(!havePoppler)('on the PDF', () => {
    it('prints the uploaded logo on the V1 report instead of the shipped one', async () => {
      const setup = await createV1Evaluation(t(), ['competency', 'objective']);
      const { evaluator, client, collaborator } = await evaluatorWithCollaborator(t(), setup);
      const body = submitBody(setup, collaborator.id, evaluator.id, [4, 3]);
      await call(client, fullEvaluationEndpoints.submit, {
        body: body as BodyInput<typeof fullEvaluationEndpoints.submit>,
      });
      const { client: admin } = await loginAs(t(), 'admin');
      await admin.delete(URL);
      const theReport = { params: { evaluationId: setup.evaluationId, userId: collaborator.id } };
      const shipped = await call(admin, reportEndpoints.pdf, theReport);
      expect(pdfImages(shipped.res.rawPayload)).toEqual([]);

      expect((await put(admin, png(97, 41))).statusCode).toBe(200);
      const own = await call(admin, reportEndpoints.pdf, theReport);
      expect(pdfImages(own.res.rawPayload)).toEqual([{ width: 97, height: 41 }]);
      expect(pdfText(own.res.rawPayload)).toContain(t().config.organizationName);
      await admin.delete(URL);
    });
  });
});
