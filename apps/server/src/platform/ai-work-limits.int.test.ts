import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  createGenerationScene,
  grant,
  postGeneration,
  useGenerationSetup,
} from '../../test/anamnesis-test-setup';
import { createTestConsultation } from '../../test/clinical-factories';
import { postDocument } from '../../test/documents-test-setup';
import { postEvidence } from '../../test/evidence-test-requests';
import { createLoggedInUser } from '../../test/factories';
import { silentWav } from '../../test/speech';
import { confirmConsent, postChunk } from '../../test/transcription-requests';
import { anamnesisVersions, documents, evidences, transcriptChunks } from '../db/schema/index';
import type { App } from './services';
import { consultationFolder } from './storage/storage';

// Small limits, so a test reaches them. The chunk window is short so that a refused chunk is sent again once
// Retry-After has passed, as the browser's outbox does. With Redis, instance b counts with instance a.
const CHUNK_WINDOW_SECONDS = 6;
const setup = useGenerationSetup((config) => ({
  ...config,
  rateLimits: {
    ...config.rateLimits,
    generations: { points: 2, durationSeconds: 60 * 60 },
    evidenceFiles: { points: 1, durationSeconds: 60 * 60 },
    audioChunks: { points: 2, durationSeconds: CHUNK_WINDOW_SECONDS },
  },
}));

function expectLimited(response: LightMyRequestResponse, windowSeconds: number, detail: RegExp): number {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.json<{ detail: string }>().detail).toMatch(detail);
  return retryAfter;
}

const GENERATIONS_REFUSED =
  /^Limite de 2 gerações por hora atingido \(notas e documentos\)\. Tente novamente em \d+ minutos?\.$/;

describe('limits on AI work per professional', () => {
  it('counts notes and documents together on every instance, refusing the third with 429 and spending nothing', async () => {
    const { a, b } = setup;
    const scene = await createGenerationScene(a.app, undefined, { credits: 0 });
    const { headers } = scene.user;
    // Starts refused for another reason (402: no credit) are not counted.
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await postGeneration(a.app, headers, scene.consultationId, scene.templateId)).statusCode).toBe(402);
    }
    await grant(a.app, scene.user.user.id, 5);
    expect((await postGeneration(a.app, headers, scene.consultationId, scene.templateId)).statusCode).toBe(202);
    expect((await postDocument(b.app, headers, scene.consultationId, 'exames')).statusCode).toBe(202);

    expectLimited(await postDocument(a.app, headers, scene.consultationId, 'atestado'), 3600, GENERATIONS_REFUSED);
    expectLimited(
      await postGeneration(b.app, headers, scene.consultationId, scene.templateId, { field_id: 'hda' }),
      3600,
      GENERATIONS_REFUSED,
    );
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(3);
    const byConsultation = (table: typeof documents | typeof anamnesisVersions) =>
      a.app.db.select().from(table).where(eq(table.consultationId, scene.consultationId));
    expect(await byConsultation(anamnesisVersions)).toHaveLength(1);
    expect(await byConsultation(documents)).toHaveLength(1);

    // Another professional is counted apart.
    const other = await createGenerationScene(a.app, undefined);
    expect((await postDocument(a.app, other.user.headers, other.consultationId, 'exames')).statusCode).toBe(202);
  });

  it('refuses an evidence file over the hourly limit before reading it, keeping neither row nor file', async () => {
    const { a, b } = setup;
    const user = await createLoggedInUser(a.app);
    const consultation = await createTestConsultation(a.app, user.headers);
    // A file refused for what it is (empty: 422) is not counted.
    expect((await postEvidence(a.app, user.headers, consultation.id, Buffer.alloc(0), 'vazio.txt')).statusCode).toBe(
      422,
    );
    const accepted = await postEvidence(
      a.app,
      user.headers,
      consultation.id,
      Buffer.from('Hemograma normal.'),
      'a.txt',
    );
    expect(accepted.statusCode).toBe(201);

    const refused = await postEvidence(b.app, user.headers, consultation.id, Buffer.from('Glicemia 98.'), 'b.txt');
    expectLimited(
      refused,
      3600,
      /^Limite de 1 arquivos enviados por hora atingido\. Tente novamente em \d+ minutos?\.$/,
    );
    const rows = await a.app.db.select().from(evidences).where(eq(evidences.consultationId, consultation.id));
    expect(rows.map((row) => row.fileName)).toEqual(['a.txt']);
    const stored = await readdir(
      path.join(a.config.dataDir, 'files', consultationFolder(consultation.id), 'evidences'),
    );
    expect(stored).toEqual([rows[0]!.id]);
  });

  it('refuses a chunk over the per-minute limit storing nothing, and takes it once Retry-After has passed', async () => {
    const { a, b } = setup;
    const user = await createLoggedInUser(a.app);
    const consultation = await createTestConsultation(a.app, user.headers);
    await confirmConsent(a.app, user.headers, consultation.id);
    const audio = await silentWav(1);
    expect((await postChunk(a.app, user.headers, consultation.id, 0, audio)).statusCode).toBe(202);
    // The same chunk sent again (its answer was lost) is not counted twice.
    expect((await postChunk(a.app, user.headers, consultation.id, 0, audio)).statusCode).toBe(202);
    expect((await postChunk(b.app, user.headers, consultation.id, 1, audio)).statusCode).toBe(202);

    const refused = await postChunk(a.app, user.headers, consultation.id, 2, audio);
    const retryAfter = expectLimited(
      refused,
      CHUNK_WINDOW_SECONDS,
      /^Trechos de áudio demais em um minuto; o navegador guarda este e o envia em \d+ segundos?\.$/,
    );
    expect(await chunkSeqs(a.app, consultation.id)).toEqual([0, 1]);
    expect(await a.app.storage.get(`consultations/${consultation.id}/audio/000002.wav`)).toBeUndefined();

    // Another professional records meanwhile.
    const other = await createLoggedInUser(a.app);
    const otherConsultation = await createTestConsultation(a.app, other.headers);
    await confirmConsent(a.app, other.headers, otherConsultation.id);
    expect((await postChunk(a.app, other.headers, otherConsultation.id, 0, audio)).statusCode).toBe(202);

    // The browser waits Retry-After, then sends the same chunk: nothing was lost.
    await setTimeout(retryAfter * 1000);
    expect((await postChunk(b.app, user.headers, consultation.id, 2, audio)).statusCode).toBe(202);
    expect(await chunkSeqs(a.app, consultation.id)).toEqual([0, 1, 2]);
  });
});

async function chunkSeqs(app: App, consultationId: string): Promise<number[]> {
  const rows = await app.db
    .select({ seq: transcriptChunks.seq })
    .from(transcriptChunks)
    .where(eq(transcriptChunks.consultationId, consultationId))
    .orderBy(transcriptChunks.seq);
  return rows.map((row) => row.seq);
}
