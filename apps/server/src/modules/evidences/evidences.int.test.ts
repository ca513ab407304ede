import type { TEvidence } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import {
  docxFile,
  LAB_REPORT_TEXT,
  renamedExecutable,
  textPdf,
  truncatedPdf,
  zipFile,
} from '../../../test/evidence-files';
import { createLoggedInUser } from '../../../test/factories';
import { LiveClient } from '../../../test/live-client';
import { createTestApp, useTestApp } from '../../../test/test-app';
import { consultationUrl } from '../../../test/transcription-requests';
import { waitUntil } from '../../../test/wait-until';
import { consultations, evidences, evidenceVersions, users } from '../../db/schema/index';
import { loadSecret } from '../../platform/secrets';
import { evidenceFolder } from './evidence-keys';
import { addEvidence, getEvidence, postEvidence, waitUntilRead } from './evidence-test-requests';
import { FileLinks } from './file-links';
import { readEvidence } from './read-evidence';

const MAX_UPLOAD_BYTES = 1024 * 1024;
const t = useTestApp((config) => ({ ...config, evidences: { ...config.evidences, maxUploadBytes: MAX_UPLOAD_BYTES } }));

const LAB_LINES = LAB_REPORT_TEXT.split('\n');
const NOTE = 'Paciente relata cefaleia há três dias.\nSem febre. Pressão 12x8.\n';

async function professionalWithConsultation() {
  const professional = await createLoggedInUser(t.app);
  const consultation = await createTestConsultation(t.app, professional.headers);
  return { ...professional, consultation };
}

function folderOnDisk(consultationId: string, evidenceId?: string): string {
  const folder = evidenceId ? evidenceFolder(consultationId, evidenceId) : `consultations/${consultationId}`;
  return path.join(t.config.dataDir, 'files', ...folder.split('/'));
}

async function storedEvidenceFolders(consultationId: string): Promise<string[]> {
  return readdir(path.join(folderOnDisk(consultationId), 'evidences')).catch(() => []);
}

async function rowsOf(consultationId: string) {
  return t.app.db.select().from(evidences).where(eq(evidences.consultationId, consultationId));
}

/** GET of a signed link: no bearer token, as an <img> or a new tab asks. */
function open(url: string) {
  return t.app.inject({ method: 'GET', url });
}

describe('POST /user/consultations/{id}/evidences/add-evidence', () => {
  it('stores a PDF with a text layer, answers it pending, then reads its text page by page', async () => {
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
    expect(read.variants).toEqual([]);
    const versions = await t.app.db.select().from(evidenceVersions).where(eq(evidenceVersions.evidenceId, evidence.id));
    expect(versions.map((version) => [version.version, version.text])).toEqual([[1, read.text]]);
  });

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
    const db = t.app.db;
    const transaction = db.transaction.bind(db);
    db.transaction = () => {
      db.transaction = transaction;
      return Promise.reject(new Error('database unavailable'));
    };
    const response = await postEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
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
    const { headers, consultation } = await professionalWithConsultation();
    const evidence = await addEvidence(t.app, headers, consultation.id, await truncatedPdf(), 'cortado.pdf');
    const read = await waitUntilRead(t.app, headers, consultation.id, evidence.id);
    expect(read).toMatchObject({ status: 'unreadable', reason: 'O PDF está corrompido ou incompleto', text: null });
    expect((await open(read.download_url!)).statusCode).toBe(200);
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

  it('serves the original by its signed link with safe headers, the bytes as uploaded', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const pdf = await textPdf(LAB_LINES);
    const added = await Promise.all([
      addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'anotação (rápida).txt'),
      addEvidence(t.app, headers, consultation.id, pdf, 'laudo.pdf'),
    ]);
    const [text, document] = await Promise.all(
      added.map((evidence) => getEvidence(t.app, headers, consultation.id, evidence.id)),
    );
    expect(text!.download_url).toMatch(
      new RegExp(
        `^/api/v1/user/consultations/${consultation.id}/evidences/${text!.id}/file\\?expires=\\d+&signature=[\\w-]+$`,
      ),
    );
    const inline = await open(text!.download_url!);
    expect(inline.statusCode).toBe(200);
    expect(inline.rawPayload.equals(Buffer.from(NOTE))).toBe(true);
    expect(inline.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(Buffer.byteLength(NOTE)),
      'content-disposition': `inline; filename="anotacao (rapida).txt"; filename*=UTF-8''anota%C3%A7%C3%A3o%20%28r%C3%A1pida%29.txt`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=3600',
      'content-security-policy': "sandbox; default-src 'none'",
    });
    const download = await open(`${document!.download_url!}&download=1`);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="laudo.pdf"/);
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('keeps links the same all day and valid until the end of the next', async () => {
    const links = new FileLinks('chave');
    const owner = { userId: 'u', consultationId: 'c', evidenceId: 'e' };
    const morning = Date.UTC(2026, 10, 20, 8);
    const night = Date.UTC(2026, 10, 20, 23, 59);
    expect(links.url(owner, 'file', morning)).toBe(links.url(owner, 'file', night));
    const expires = new URL(links.url(owner, 'file', morning), 'http://x').searchParams.get('expires');
    expect(Number(expires) * 1000).toBe(Date.UTC(2026, 10, 22));
  });

  it('answers 404 to a bad, expired or re-aimed link, for a deleted evidence or a suspended owner', async () => {
    const { headers, consultation, user } = await professionalWithConsultation();
    const other = await professionalWithConsultation();
    const evidence = await addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
    const { download_url: url } = await getEvidence(t.app, headers, consultation.id, evidence.id);
    expect((await open(url!)).statusCode).toBe(200);

    const links = new FileLinks(await loadSecret(t.app.db, 'evidence_links'));
    const owner = { userId: user.id, consultationId: consultation.id, evidenceId: evidence.id };
    const threeDaysAgo = Date.now() - 3 * 86_400_000;
    const signature = new URL(url!, 'http://x').searchParams.get('signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const bad = [
      url!.replace(signature, flipped),
      links.url(owner, 'file', threeDaysAgo),
      url!.replace(/expires=\d+/, (value) => `${value.slice(0, -1)}9`),
      // A's link aimed at B's consultation, and a link signed for B opening A's evidence.
      url!.replace(consultation.id, other.consultation.id),
      links.url({ ...owner, userId: other.user.id }, 'file'),
      // A rendition the file does not have.
      url!.replace('/file?', '/variants/thumbnail?'),
    ];
    for (const link of bad) {
      const response = await open(link);
      expect(response.statusCode, link).toBe(404);
      expect(response.json()).toEqual({ detail: 'Evidência não encontrada' });
    }
    expect((await open(url!.replace(/signature=[\w-]+/, 'signature=curta'))).statusCode).toBe(422);

    await t.app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect((await open(url!)).statusCode).toBe(404);
    await t.app.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    expect((await open(url!)).statusCode).toBe(200);
  });

  it('answers 401 without a token and 404 for another professional’s consultation or evidence', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const other = await professionalWithConsultation();
    const evidence = await addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
    const routes = [
      ['GET', consultationUrl(consultation.id, '/evidences/')],
      ['GET', consultationUrl(consultation.id, `/evidences/${evidence.id}`)],
      ['DELETE', consultationUrl(consultation.id, `/evidences/${evidence.id}`)],
      ['POST', consultationUrl(consultation.id, '/evidences/add-evidence')],
    ] as const;
    for (const [method, url] of routes) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.app.inject({ method, url, headers: other.headers })).statusCode, `${method} ${url}`).toBe(404);
    }
    // Another's evidence through one's own consultation.
    for (const method of ['GET', 'DELETE'] as const) {
      const url = consultationUrl(other.consultation.id, `/evidences/${evidence.id}`);
      expect((await t.app.inject({ method, url, headers: other.headers })).statusCode).toBe(404);
    }
    expect((await getEvidence(t.app, headers, consultation.id, evidence.id)).id).toBe(evidence.id);
  });
});

describe('DELETE /user/consultations/{id}/evidences/{evidenceId}', () => {
  it('deletes the row and the files; its links stop working', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const evidence = await addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
    const { download_url: url } = await waitUntilRead(t.app, headers, consultation.id, evidence.id);
    expect(existsSync(folderOnDisk(consultation.id, evidence.id))).toBe(true);
    const response = await t.app.inject({
      method: 'DELETE',
      url: consultationUrl(consultation.id, `/evidences/${evidence.id}`),
      headers,
    });
    expect(response.statusCode).toBe(204);
    expect(existsSync(folderOnDisk(consultation.id, evidence.id))).toBe(false);
    expect(await rowsOf(consultation.id)).toEqual([]);
    expect((await open(url!)).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: consultationUrl(consultation.id, `/evidences/${evidence.id}`),
      headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('removes the files later when storage fails at first', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const evidence = await addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
    await waitUntilRead(t.app, headers, consultation.id, evidence.id);
    const storage = t.app.storage;
    const removeFolder = storage.removeFolder.bind(storage);
    storage.removeFolder = async () => {
      storage.removeFolder = removeFolder;
      throw new Error('storage unavailable');
    };
    const response = await t.app.inject({
      method: 'DELETE',
      url: consultationUrl(consultation.id, `/evidences/${evidence.id}`),
      headers,
    });
    expect(response.statusCode).toBe(204);
    await waitUntil(() => !existsSync(folderOnDisk(consultation.id, evidence.id)), 'files removed by the job', 10_000);
  });

  it('goes with its consultation, files included', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    await addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
    expect(await storedEvidenceFolders(consultation.id)).toHaveLength(1);
    const response = await t.app.inject({ method: 'DELETE', url: consultationUrl(consultation.id, ''), headers });
    expect(response.statusCode).toBe(204);
    expect(existsSync(folderOnDisk(consultation.id))).toBe(false);
  });
});

describe('the read-evidence job', () => {
  it('is idempotent: a run again after the end changes nothing, a run after a crash reads again', async () => {
    const { headers, consultation } = await professionalWithConsultation();
    const evidence = await addEvidence(t.app, headers, consultation.id, Buffer.from(NOTE), 'nota.txt');
    const read = await waitUntilRead(t.app, headers, consultation.id, evidence.id);
    const shutdown = new AbortController().signal;
    await readEvidence(t.app, evidence.id, shutdown);
    expect(await getEvidence(t.app, headers, consultation.id, evidence.id)).toEqual(read);

    // As left by an instance that died while reading: twice, as a lost job runs again.
    await t.app.db.update(evidences).set({ status: 'reading', text: null }).where(eq(evidences.id, evidence.id));
    await Promise.all([readEvidence(t.app, evidence.id, shutdown), readEvidence(t.app, evidence.id, shutdown)]);
    const again = await getEvidence(t.app, headers, consultation.id, evidence.id);
    expect(again).toMatchObject({ status: 'ready', text: read.text });
    const versions = await t.app.db.select().from(evidenceVersions).where(eq(evidenceVersions.evidenceId, evidence.id));
    expect(versions).toHaveLength(1);
  });

  // Starts a second instance: more than the default 20 s on a busy machine.
  it('is queued again at start-up for every evidence a stopped instance left unread', { timeout: 60_000 }, async () => {
    const { headers, consultation } = await professionalWithConsultation();
    // As a crash leaves it: stored and reading, with no job queued.
    const evidenceId = crypto.randomUUID();
    const storageKey = `${evidenceFolder(consultation.id, evidenceId)}/original`;
    await t.app.storage.put(storageKey, Buffer.from(NOTE));
    await t.app.db.insert(evidences).values({
      id: evidenceId,
      consultationId: consultation.id,
      kind: 'file',
      fileName: 'nota.txt',
      contentType: 'text/plain',
      size: Buffer.byteLength(NOTE),
      storageKey,
      status: 'reading',
    });
    const restarted = await createTestApp((config) => ({ ...config, dataDir: t.config.dataDir }), t);
    try {
      const read = await waitUntilRead(t.app, headers, consultation.id, evidenceId);
      expect(read).toMatchObject({ status: 'ready', text: NOTE.trim() });
    } finally {
      await restarted.close();
    }
  });

  it('ends quietly for an evidence deleted before it is read', async () => {
    const shutdown = new AbortController().signal;
    await expect(readEvidence(t.app, crypto.randomUUID(), shutdown)).resolves.toBeUndefined();
  });
});
