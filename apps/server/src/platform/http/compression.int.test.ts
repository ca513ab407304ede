import type { TSpecialization } from '@escriba/contract';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { textPdf } from '../../../test/evidence-files';
import { NOTE, useEvidenceSetup } from '../../../test/evidence-test-setup';
import { addEvidence, waitUntilRead } from '../../../test/evidence-test-requests';
import { ENCODINGS, getAccepting } from '../../../test/compression-test-requests';

const { t, professionalWithConsultation, open } = useEvidenceSetup();
const LARGE_JSON_URL = '/api/v1/common/specializations';

describe('compressed answers', () => {
  it('compresses a JSON answer over 1 KB for a client that asks, decoding to the same JSON', async () => {
    const plain = await t.app.inject({ method: 'GET', url: LARGE_JSON_URL });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const specializations = plain.json<TSpecialization[]>();

    for (const [encoding, decode] of ENCODINGS) {
      const response = await getAccepting(t.app, LARGE_JSON_URL, `${encoding}, identity`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(specializations);
    }
  });

  it('sends an answer under 1 KB as it is', async () => {
    const { headers } = await professionalWithConsultation();
    const response = await getAccepting(t.app, '/api/v1/user/me/me/preferences/', 'br, gzip', headers);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveProperty('theme');
  });

  it('streams a PDF evidence as stored, with its length', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const pdf = await textPdf(['Hemograma completo']);
    const evidence = await addEvidence(t.app, headers, consultation.id, pdf, 'exame.pdf');
    const { download_url: url } = await waitUntilRead(t.app, headers, consultation.id, evidence.id);

    const response = await getAccepting(t.app, url!, 'br, gzip', headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(pdf.length));
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  it('streams a text evidence compressed when asked, decoding to the stored text', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const evidence = await addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
    const { download_url: url } = await waitUntilRead(t.app, headers, consultation.id, evidence.id);

    const response = await getAccepting(t.app, url!, 'gzip', headers);
    expect(response.statusCode).toBe(200);
    const body =
      response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
    expect(body.toString('utf8')).toBe(NOTE);
    expect((await open(url!, headers)).body).toBe(NOTE);
  });
});
