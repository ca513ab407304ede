import type { TEvidence } from '@escriba/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { labReportPng, scannedPdf } from '../../../test/evidence-files';
import { addEvidence, getEvidence, waitUntilRead } from '../../../test/evidence-test-requests';
import { createLoggedInUser } from '../../../test/factories';
import { createTestApp, useTestApp } from '../../../test/test-app';
import { consultationUrl } from '../../../test/transcription-requests';

// OCR costs about a second a page: these are the few tests that need it.
const t = useTestApp();

describe('reading images and scans by OCR', () => {
  it('reads a photographed lab report in Portuguese and serves its WebP renditions', { timeout: 120_000 }, async () => {
    const { headers } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    const png = await labReportPng();
    const added = await addEvidence(t.app, headers, consultation.id, png, 'hemograma.png');
    expect(added).toMatchObject({ content_type: 'image/png', status: 'pending', thumbnail_url: null });
    const read = await waitUntilRead(t.app, headers, consultation.id, added.id, 90_000);
    expect(read.status).toBe('ready');
    expect(read.text).toContain('Hemoglobina');
    expect(read.text).toContain('13,5');
    expect(read.pages).toBeNull();

    const { width } = await sharp(png).metadata();
    const names = read.variants.map((variant) => variant.name);
    expect(names).toEqual(expect.arrayContaining(['thumbnail', 'placeholder', 'w320', 'w640', `w${width}`]));
    const placeholder = read.variants.find((variant) => variant.name === 'placeholder')!;
    expect([placeholder.width, placeholder.height]).toEqual([10, 10]);
    for (const variant of read.variants) {
      const served = await t.app.inject({ method: 'GET', url: variant.url, headers });
      expect(served.statusCode, variant.name).toBe(200);
      expect(served.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'private, no-cache',
        'x-content-type-options': 'nosniff',
      });
      const image = await sharp(served.rawPayload).metadata();
      expect([image.format, image.width, image.height]).toEqual(['webp', variant.width, variant.height]);
    }
    const missing = read.variants[0]!.url.replace(/variants\/[\w-]+/, 'variants/w99999');
    expect((await t.app.inject({ method: 'GET', url: missing, headers })).statusCode).toBe(404);

    const listed = await t.app.inject({ method: 'GET', url: consultationUrl(consultation.id, '/evidences/'), headers });
    const [item] = listed.json<TEvidence[]>();
    expect(item!.thumbnail_url).toBe(read.variants.find((variant) => variant.name === 'thumbnail')!.url);
  });

  it('reads a scanned PDF page by OCR', { timeout: 120_000 }, async () => {
    const { headers } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    const added = await addEvidence(t.app, headers, consultation.id, await scannedPdf(), 'exame.pdf');
    const read = await waitUntilRead(t.app, headers, consultation.id, added.id, 90_000);
    expect(read.status).toBe('ready');
    expect(read.pages).toHaveLength(1);
    expect(read.pages![0]!.ocr).toBe(true);
    expect(read.text).toContain('Hemoglobina');
    expect(read.text).toContain('13,5');
  });

  it('abandons a reading when the app closes, instead of holding the shutdown up', { timeout: 120_000 }, async () => {
    // An instance of its own, so that no other reading shares its OCR worker when it stops.
    const other = await createTestApp();
    const { headers } = await createLoggedInUser(other.app);
    const consultation = await createTestConsultation(other.app, headers);
    const added = await addEvidence(other.app, headers, consultation.id, await scannedPdf(), 'exame.pdf');
    await expect
      .poll(async () => (await getEvidence(other.app, headers, consultation.id, added.id)).status, { timeout: 30_000 })
      .toBe('reading');
    const closing = performance.now();
    await other.close();
    // The queue would otherwise wait up to 30 s for the job; left `reading`, it runs again later.
    expect(performance.now() - closing).toBeLessThan(5_000);
  });
});
