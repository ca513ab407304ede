import type { TEvidence } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { textPdf } from '../../../test/evidence-files';
import { consultationUrl } from '../../../test/transcription-requests';
import { evidences } from '../../db/schema/index';
import { LAB_LINES, NOTE, useEvidenceSetup } from '../../../test/evidence-test-setup';
import { addEvidence, getEvidence } from '../../../test/evidence-test-requests';

const { t, professionalWithConsultation, open } = useEvidenceSetup();

describe('GET /user/consultations/{id}/evidences/ and /{evidenceId}', () => {
  it('lists every evidence oldest first, the transcript among them with no file fields', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    await t.app.db.insert(evidences).values({
      consultationId: consultation.id,
      kind: 'transcript',
      text: 'Paciente refere tosse.',
      contentType: 'text/plain',
      createdAt: new Date(Date.now() - 60_000),
    });
    const file = await addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
    const response = await t.app.inject({
      method: 'GET',
      url: consultationUrl(consultation.id, '/evidences/'),
      headers,
    });
    expect(response.statusCode).toBe(200);
    const listed = response.json<TEvidence[]>();
    expect(listed.map((evidence) => evidence.kind)).toEqual(['transcript', 'file']);
    expect(listed[0]).toMatchObject({
      kind: 'transcript',
      status: 'ready',
      file_name: null,
      content_type: null,
      size: null,
      thumbnail_url: null,
    });
    expect(listed[1]!.id).toBe(file.id);
    const transcript = await getEvidence(t.app, headers, consultation.id, listed[0]!.id);
    expect(transcript).toMatchObject({ text: 'Paciente refere tosse.', download_url: null, variants: [], pages: null });
    const deleting = await t.app.inject({
      method: 'DELETE',
      url: consultationUrl(consultation.id, `/evidences/${transcript.id}`),
      headers,
    });
    expect(deleting.statusCode).toBe(409);
    expect(deleting.json<{ detail: string }>().detail).toMatch(/transcrição não pode ser excluída/);
  });

  it('serves the original to its owner with safe headers, the bytes as uploaded', async () => {
    const { headers, cookie, consultation } = await professionalWithConsultation();
    const pdf = await textPdf(LAB_LINES);
    const added = await Promise.all([
      addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'anotação (rápida).txt'),
      addEvidence(t.app, headers, consultation.id, pdf, 'laudo.pdf'),
    ]);
    const [text, document] = await Promise.all(
      added.map((evidence) => getEvidence(t.app, headers, consultation.id, evidence.id)),
    );
    expect(text!.download_url).toBe(`/api/v1/user/consultations/${consultation.id}/evidences/${text!.id}/file`);
    const inline = await open(text!.download_url!, cookie);
    expect(inline.statusCode).toBe(200);
    expect(inline.rawPayload.equals(Buffer.from(NOTE))).toBe(true);
    expect(inline.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(Buffer.byteLength(NOTE)),
      'content-disposition': `inline; filename="anotacao (rapida).txt"; filename*=UTF-8''anota%C3%A7%C3%A3o%20%28r%C3%A1pida%29.txt`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-cache',
      'content-security-policy': "sandbox; default-src 'none'",
    });
    const download = await open(`${document!.download_url!}?download=1`, cookie);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="laudo.pdf"/);
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers 404 to a link re-aimed at another consultation or a file the evidence lacks', async () => {
    const { headers, cookie, consultation } = await professionalWithConsultation();
    const other = await professionalWithConsultation();
    const evidence = await addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
    const { download_url: url } = await getEvidence(t.app, headers, consultation.id, evidence.id);
    expect((await open(url!, cookie)).statusCode).toBe(200);
    const bad = [
      // The owner's evidence through another's consultation, and one's own consultation.
      url!.replace(consultation.id, other.consultation.id),
      consultationUrl(consultation.id, `/evidences/${other.consultation.id}/file`),
      // A rendition the file does not have.
      url!.replace('/file', '/variants/thumbnail'),
    ];
    for (const link of bad) {
      const response = await open(link, cookie);
      expect(response.statusCode, link).toBe(404);
      expect(response.json()).toEqual({ detail: 'Evidência não encontrada' });
    }
    expect((await open(`${url!}?download=sim`, cookie)).statusCode).toBe(422);
    expect((await open(url!.replace('/file', '/variants/grande'), cookie)).statusCode).toBe(422);
  });

  it('answers 401 without a token and 404 for another professional’s consultation or evidence', async () => {
    const { headers, cookie, consultation } = await professionalWithConsultation();
    const other = await professionalWithConsultation();
    const evidence = await addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
    const { download_url: fileUrl } = await getEvidence(t.app, headers, consultation.id, evidence.id);
    const routes = [
      ['GET', fileUrl!],
      ['GET', consultationUrl(consultation.id, '/evidences/')],
      ['GET', consultationUrl(consultation.id, `/evidences/${evidence.id}`)],
      ['DELETE', consultationUrl(consultation.id, `/evidences/${evidence.id}`)],
      ['POST', consultationUrl(consultation.id, '/evidences/add-evidence')],
    ] as const;
    for (const [method, url] of routes) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.app.inject({ method, url, headers: other.headers })).statusCode, `${method} ${url}`).toBe(404);
      // The session cookie stands for a bearer token on the file links only.
      const withCookie = await t.app.inject({ method, url, headers: cookie });
      expect(withCookie.statusCode, `${method} ${url}`).toBe(url === fileUrl ? 200 : 401);
    }
    // Another's evidence through one's own consultation.
    for (const method of ['GET', 'DELETE'] as const) {
      const url = consultationUrl(other.consultation.id, `/evidences/${evidence.id}`);
      expect((await t.app.inject({ method, url, headers: other.headers })).statusCode).toBe(404);
    }
    expect((await getEvidence(t.app, headers, consultation.id, evidence.id)).id).toBe(evidence.id);
  });
});
