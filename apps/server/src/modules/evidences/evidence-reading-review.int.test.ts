import type { TEvidence, TEvidenceDetail } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { blurredLabReport, formWithTickedBoxes } from '../../../test/degraded-documents';
import { lowDpiPrenatalReport } from '../../../test/degraded-lab-reports';
import { addEvidence, waitUntilRead } from '../../../test/evidence-test-requests';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { consultationUrl } from '../../../test/transcription-requests';
import { evidenceVersions } from '../../db/schema/index';
import { unsureNumbersOf } from './reading-review';

// OCR of a degraded picture takes seconds; these are the few tests that need it.
const t = useTestApp();
const OCR_TIMEOUT_MS = 120_000;

async function readPicture(file: Buffer, fileName: string) {
  const { headers } = await createLoggedInUser(t.app);
  const consultation = await createTestConsultation(t.app, headers);
  const added = await addEvidence(t.app, headers, consultation.id, file, fileName);
  expect(added).toMatchObject({ low_confidence: false, unsure_share: 0, image_warnings: [] });
  const read = await waitUntilRead(t.app, headers, consultation.id, added.id, 90_000);
  return { headers, consultationId: consultation.id, read };
}

describe('the reading review of an evidence read by OCR', { timeout: OCR_TIMEOUT_MS }, () => {
  it('keeps a blurred picture ready but low-confidence, with its unsure words and numbers marked', async () => {
    const { headers, consultationId, read } = await readPicture(await blurredLabReport(), 'foto.jpg');
    expect(read).toMatchObject({ status: 'ready', low_confidence: true });
    expect(read.unsure_share).toBeGreaterThan(0.12);
    expect(read.unsure_words.length).toBeGreaterThan(0);
    for (const word of read.unsure_words) expect(read.text!.slice(word.start, word.end)).toBe(word.text);
    const numbers = read.unsure_words.filter((word) => word.is_number);
    expect(numbers.length).toBeGreaterThan(0);

    const listed = await t.app.inject({ method: 'GET', url: consultationUrl(consultationId, '/evidences/'), headers });
    expect(listed.json<TEvidence[]>()[0]).toMatchObject({ low_confidence: true, unsure_share: read.unsure_share });

    const [version] = await t.app.db
      .select()
      .from(evidenceVersions)
      .where(and(eq(evidenceVersions.evidenceId, read.id), eq(evidenceVersions.version, 1)));
    const unsureNumbers = unsureNumbersOf(version!);
    expect(unsureNumbers.length).toBeGreaterThan(0);
    for (const number of unsureNumbers) expect(read.text).toContain(number);

    // The professional corrected the whole text: she vouches for it, nothing is left unsure.
    const corrected = await t.app.inject({
      method: 'PUT',
      url: consultationUrl(consultationId, `/evidences/${read.id}/text`),
      headers,
      payload: { text: 'Leucócitos 7.850 /mm³' },
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json<TEvidenceDetail>()).toMatchObject({ version: 2, low_confidence: false, unsure_words: [] });
    const [first, second] = await t.app.db
      .select()
      .from(evidenceVersions)
      .where(eq(evidenceVersions.evidenceId, read.id))
      .orderBy(evidenceVersions.version);
    expect(unsureNumbersOf(second!)).toEqual([]);
    expect(unsureNumbersOf(first!)).toEqual(unsureNumbers);
  });

  it('makes a reading with an unsure number low-confidence, however few its unsure words (issue 31)', async () => {
    const { read } = await readPicture(await lowDpiPrenatalReport(), 'urina-96dpi.jpg');
    expect(read).toMatchObject({ status: 'ready', low_confidence: true });
    expect(read.unsure_share).toBeLessThan(0.12);
    // A range read with its bounds out of order ("2,4 a 5,7" read "24a5,7") is marked though tesseract was sure of it.
    const unparsed = read.unsure_words.filter((word) => word.reason === 'unparsed');
    expect(unparsed.length).toBeGreaterThan(0);
    expect(unparsed.every((word) => word.is_number)).toBe(true);
    for (const word of read.unsure_words) expect(read.text!.slice(word.start, word.end)).toBe(word.text);
    const [version] = await t.app.db.select().from(evidenceVersions).where(eq(evidenceVersions.evidenceId, read.id));
    const unsureNumbers = unsureNumbersOf(version!);
    for (const word of unparsed)
      expect(unsureNumbers).toEqual(expect.arrayContaining(word.text.match(/\d+(?:[.,]\d+)*/g)!));
  });

  it('warns that a form with ticked boxes must be checked on its image', async () => {
    const { read } = await readPicture(await formWithTickedBoxes(), 'requisicao.png');
    expect(read.status).toBe('ready');
    expect(read.image_warnings).toContain('check_boxes');
    expect(read.text).toContain('Inspeção do colo');
  });
});
