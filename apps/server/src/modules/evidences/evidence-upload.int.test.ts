import type { TEvidence } from '@escriba/contract';
import { eq, sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docxFile, renamedExecutable, textPdf, truncatedPdf, zipFile } from '../../../test/evidence-files';
import { createLoggedInUser } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { consultations, evidenceVersions } from '../../db/schema/index';
import { LAB_LINES, MAX_UPLOAD_BYTES, NOTE, useEvidenceSetup } from '../../../test/evidence-test-setup';
import { addEvidence, postEvidence, waitUntilRead } from '../../../test/evidence-test-requests';

const { t, professionalWithConsultation, folderOnDisk, storedEvidenceFolders, rowsOf, open } = useEvidenceSetup();

describe('POST /user/consultations/{id}/evidences/add-evidence', () => {
  // Its first page is rendered for the preview too: more than the default 20 s on a busy machine.
  it(
    'stores a PDF with a text layer, answers it pending, then reads its text page by page',
    { timeout: 60_000 },
    async () => {
      const { headers, consultation } = await professionalWithConsultation();
      const pdf = await textPdf(LAB_LINES);
      const response = await postEvidence(t.app, headers, consultation.id, pdf, 'hemograma novembro.pdf');
      expect(response.statusCode, response.body).toBe(201);
      const evidence = response.json<TEvidence>();
      expect(evidence).toMatchObject({
        consultation_id: consultation.id,
        kind: 'file',
        file_name: 'hemograma novembro.pdf',
        content_type: 'application/pdf',
        size: pdf.length,
        status: 'pending',
        reason: null,
        thumbnail_url: null,
      });
      const [row] = await rowsOf(consultation.id);
      expect(row!.storageKey).toBe(`consultations/${consultation.id}/evidences/${evidence.id}/original`);

      const read = await waitUntilRead(t.app, headers, consultation.id, evidence.id);
      expect(read.status).toBe('ready');
      expect(read.text).toContain('Hemoglobina');
      expect(read.text).toContain('13,5 g/dL');
      expect(read.pages).toHaveLength(1);
      expect(read.pages![0]).toMatchObject({ page: 1, ocr: false });
      // Its first page is previewed as a photo is: a thumbnail and widths up to the rendered page's.
      expect(read.variants.map((variant) => variant.name)).toEqual(expect.arrayContaining(['thumbnail', 'w640']));
      const preview = await t.app.inject({ method: 'GET', url: read.variants.at(-1)!.url, headers });
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('image/webp');
      const versions = await t.app.db
        .select()
        .from(evidenceVersions)
        .where(eq(evidenceVersions.evidenceId, evidence.id));
      expect(versions.map((version) => [version.version, version.text])).toEqual([[1, read.text]]);
    },
  );

  it('reads a DOCX (whose content types come last, past the first bytes) and a plain text file', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const instructions = Array.from({ length: 150 }, (_, line) => `Orientação ${line + 1}: manter dieta hipossódica.`);
    const docx = await addEvidence(
      t.app,
      headers,
      consultation.id,
      await docxFile(['Receita', 'Losartana 50 mg, um comprimido ao dia', ...instructions]),
      'receita.docx',
    );
    const text = await addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'anotações.txt');
    expect(docx.content_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(text).toMatchObject({ content_type: 'text/plain', file_name: 'anotações.txt' });
    const docxRead = await waitUntilRead(t.app, headers, consultation.id, docx.id);
    expect(docxRead).toMatchObject({ status: 'ready', pages: null });
    expect(docxRead.text).toContain('Losartana 50 mg, um comprimido ao dia');
    expect((await waitUntilRead(t.app, headers, consultation.id, text.id)).text).toBe(NOTE.trim());
  });

  it('refuses by content a program renamed to .pdf (415 listing what is accepted), keeping nothing', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const response = await postEvidence(t.app, headers, consultation.id, renamedExecutable(), 'laudo.pdf');
    expect(response.statusCode).toBe(415);
    expect(response.json<{ detail: string }>().detail).toMatch(/PDF, JPEG, PNG, WebP, HEIC, DOCX ou texto/);
    expect(await rowsOf(consultation.id)).toEqual([]);
    expect(await storedEvidenceFolders(consultation.id)).toEqual([]);
  });

  it('refuses a zip that is not a DOCX (415), keeping nothing', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const response = await postEvidence(
      t.app,
      headers,
      consultation.id,
      zipFile('exames.txt', NOTE.repeat(200)),
      'exames.docx',
    );
    expect(response.statusCode).toBe(415);
    expect(await rowsOf(consultation.id)).toEqual([]);
    expect(await storedEvidenceFolders(consultation.id)).toEqual([]);
  });

  it('refuses a file over MAX_UPLOAD_MB while it streams (413), keeping neither row nor file', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const big = Buffer.concat([Buffer.from(NOTE), Buffer.alloc(5 * 1024 * 1024, 'a')]);
    const response = await postEvidence(t.app, headers, consultation.id, big, 'grande.txt');
    expect(response.statusCode).toBe(413);
    expect(response.json<{ detail: string }>().detail).toBe('O arquivo passa do tamanho máximo de 1 MB');
    expect(await rowsOf(consultation.id)).toEqual([]);
    expect(await storedEvidenceFolders(consultation.id)).toEqual([]);
    // A file of exactly the limit is accepted.
    const atLimit = Buffer.alloc(MAX_UPLOAD_BYTES, 'b');
    expect((await postEvidence(t.app, headers, consultation.id, atLimit, 'limite.txt')).statusCode).toBe(201);
  });

  it('removes the stored file when its row cannot be written', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    // The insert itself fails, whatever else the app writes meanwhile (start-up work runs in the background).
    await t.app.db.execute(sql`
      create function refuse_evidence() returns trigger language plpgsql as $$
      begin raise exception 'database unavailable'; end $$`);
    await t.app.db.execute(sql`
      create trigger refuse_evidence before insert on evidences for each row execute function refuse_evidence()`);
    const response = await postEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
    await t.app.db.execute(sql`drop trigger refuse_evidence on evidences`);
    expect(response.statusCode).toBe(500);
    expect(await rowsOf(consultation.id)).toEqual([]);
    expect(await storedEvidenceFolders(consultation.id)).toEqual([]);
  });

  it('refuses an empty file (422 naming file)', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const response = await postEvidence(t.app, headers, consultation.id, Buffer.alloc(0), 'vazio.pdf');
    expect(response.statusCode).toBe(422);
    expect(response.json<{ detail: { loc: string[] }[] }>().detail[0]!.loc).toEqual(['body', 'file']);
    expect(await rowsOf(consultation.id)).toEqual([]);
  });

  it('keeps only the cleaned base name of a path-traversal name, storing the file by id', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const evidence = await addEvidence(
      t.app,
      headers,
      consultation.id,
      Buffer.from(NOTE),
      '../../../etc/\u202Epasswd\u0007.txt',
    );
    expect(evidence.file_name).toBe('passwd.txt');
    expect(await readdir(folderOnDisk(consultation.id, evidence.id))).toEqual(['original']);
    expect(existsSync(path.join(t.config.dataDir, 'etc'))).toBe(false);
  });

  it('keeps a truncated PDF and marks it unreadable with the reason in Portuguese', async () => {
    const { headers, cookie, consultation } = await professionalWithConsultation();
    const evidence = await addEvidence(t.app, headers, consultation.id, await truncatedPdf(), 'cortado.pdf');
    const read = await waitUntilRead(t.app, headers, consultation.id, evidence.id);
    expect(read).toMatchObject({ status: 'unreadable', reason: 'O PDF está corrompido ou incompleto', text: null });
    expect((await open(read.download_url!, cookie)).statusCode).toBe(200);
  });

  it('takes ten uploads to one consultation at once', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const files = Array.from({ length: 10 }, (_, index) => Buffer.from(`Nota ${index}: ${NOTE}`));
    const added = await Promise.all(
      files.map((file, index) => addEvidence(t.app, headers, consultation.id, file, `nota-${index}.txt`)),
    );
    expect(new Set(added.map((evidence) => evidence.id)).size).toBe(10);
    for (const [index, evidence] of added.entries()) {
      const read = await waitUntilRead(t.app, headers, consultation.id, evidence.id);
      expect(read.text).toBe(files[index]!.toString().trim());
    }
    expect(await storedEvidenceFolders(consultation.id)).toHaveLength(10);
  });

  it('refuses a concluded consultation (409) and another professional’s (404), before reading the file', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const other = await createLoggedInUser(t.app);
    const foreign = await postEvidence(t.app, other.headers, consultation.id, Buffer.from(NOTE));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Consulta não encontrada' });
    await t.app.db.update(consultations).set({ status: 'done' }).where(eq(consultations.id, consultation.id));
    const concluded = await postEvidence(t.app, headers, consultation.id, Buffer.from(NOTE));
    expect(concluded.statusCode).toBe(409);
    expect(await rowsOf(consultation.id)).toEqual([]);
    expect(await storedEvidenceFolders(consultation.id)).toEqual([]);
  });
});

describe('live evidence messages', () => {
  it('tell the owner’s socket when reading starts and ends', async () => {
    const { headers, session, consultation } = await professionalWithConsultation();
    const base = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
    const live = await LiveClient.connect(base, session);
    try {
      const evidence = await addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
      const expected = { type: 'evidence', consultation_id: consultation.id, evidence_id: evidence.id };
      const isEvidence = (status: string) => (message: object) =>
        JSON.stringify(message) === JSON.stringify({ ...expected, status });
      await live.next(isEvidence('reading'), 10_000);
      await live.next(isEvidence('ready'), 10_000);
    } finally {
      live.close();
    }
  });
});
