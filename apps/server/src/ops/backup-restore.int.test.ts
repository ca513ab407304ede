import type { TAnamnesisProvenance } from '@escriba/contract';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInstance, type TestInstance } from '../../test/backup-instance';
import { serverEntryArguments } from '../../test/server-build';
import { createTestConsultation, createTestPatient } from '../../test/clinical-factories';
import { textPdf } from '../../test/evidence-files';
import { createLoggedInUser } from '../../test/factories';
import { Mailbox } from '../../test/mailbox';
import { speechWav } from '../../test/speech';
import { confirmConsent, postChunk } from '../../test/transcription-requests';
import { waitUntil } from '../../test/wait-until';
import { buildApp } from '../app';
import { anamnesisVersions } from '../db/schema/index';
import { addEvidence, waitUntilRead } from '../../test/evidence-test-requests';
import { backUp } from './backup';
import { MANIFEST_FILE, type Manifest } from './manifest';
import { restore } from './restore';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// Files move between the two storages: from disk into a bucket on one pass, from a bucket onto disk on the other.
const sourceFiles = onPostgres ? 's3' : 'disk';
const targetFiles = onPostgres ? 'disk' : 's3';

let source: TestInstance;
let target: TestInstance;
let folder: string;
const report: string[] = [];
beforeAll(async () => {
  source = await createTestInstance(sourceFiles, 'migrated');
  target = await createTestInstance(targetFiles);
  folder = await mkdtemp(path.join(os.tmpdir(), 'escriba-backup-'));
});
afterAll(async () => {
  await source.close();
  await target.close();
  await rm(folder, { recursive: true, force: true });
});

function runCommand(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [...serverEntryArguments('ops'), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

/** A clinic's data through the API: professionals, a patient, a recorded consultation, an exam, a note. */
async function populate(): Promise<void> {
  const app = await buildApp(source.config, { mailer: new Mailbox() });
  try {
    const professional = await createLoggedInUser(app);
    await createLoggedInUser(app);
    const patient = await createTestPatient(app, professional.headers);
    const consultation = await createTestConsultation(app, professional.headers, { patient_id: patient.id });
    await confirmConsent(app, professional.headers, consultation.id);
    const speech = await speechWav('A paciente relata dor de cabeça há três dias.');
    for (const seq of [0, 1]) {
      expect((await postChunk(app, professional.headers, consultation.id, seq, speech)).statusCode).toBe(202);
    }
    const exam = await addEvidence(
      app,
      professional.headers,
      consultation.id,
      await textPdf(['Hemograma completo', 'Hemoglobina 13,5 g/dL']),
    );
    await waitUntilRead(app, professional.headers, consultation.id, exam.id);
    await app.db.insert(anamnesisVersions).values({
      consultationId: consultation.id,
      userId: professional.user.id,
      version: 1,
      kind: 'edit',
      status: 'ready',
      templateId: patient.id,
      templateFields: [],
      fields: [
        {
          field_id: 'hda',
          title: 'HDA',
          text: 'Cefaleia há três dias.',
          sources: { transcript: [], evidence: [], user_context: true },
          edited: true,
          statements: [
            {
              text: 'Cefaleia há três dias.',
              sources: { transcript: [], evidence: [], user_context: true },
              status: 'confirmed',
              reason: null,
            },
          ],
        },
      ],
      // Written by hand: only what the backup must carry, not a generation's whole record.
      provenance: { template: { id: patient.id, name: 'Clínica geral' } } as TAnamnesisProvenance,
    });
    if (!onPostgres) {
      // The embedded database is copied only while no server has it open.
      await expect(backUp(source.config, folder, () => undefined)).rejects.toThrow(
        /in use by another Escriba process \(server, pid \d+/,
      );
    }
  } finally {
    await app.close();
  }
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'}, files ${sourceFiles} → ${targetFiles})`, () => {
  let manifest: Manifest;

  it('backs up the database and every file, with counts and checksums in the manifest', async () => {
    await populate();
    manifest = await backUp(source.config, folder, (line) => report.push(line));

    expect(JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8'))).toEqual(manifest);
    expect(manifest.database).toMatchObject({
      kind: onPostgres ? 'postgres' : 'pglite',
      migrations: { last: expect.stringMatching(/^\d{4}_/) as string },
    });
    expect(manifest.database.tables).toMatchObject({
      'public.users': 2,
      'public.patients': 1,
      'public.consultations': 1,
      'public.transcript_chunks': 2,
      'public.evidences': 1,
      'public.anamnesis_versions': 1,
    });
    const keys = manifest.files.entries.map((entry) => entry.key);
    expect(keys.filter((key) => key.includes('/audio/'))).toHaveLength(2);
    expect(keys.some((key) => key.includes('/evidences/'))).toBe(true);
    expect(Object.fromEntries(manifest.files.entries.map(({ key, sha256 }) => [key, sha256]))).toEqual(
      await source.fileDigests(),
    );
    expect(report.join('\n')).toMatch(/Files \(\w+\): \d+, [\d.]+ MB/);
  }, 180_000);

  it('restores into an empty database and storage: every row and every file the same', async () => {
    await restore(target.config, folder, (line) => report.push(line));

    expect(await target.tableDigests()).toEqual(await source.tableDigests());
    expect(await target.fileDigests()).toEqual(await source.fileDigests());
    expect(report.at(-1)).toMatch(/checked against its manifest/);
  }, 120_000);

  it('refuses to restore over data, and to back up into a folder that already holds a backup', async () => {
    // The command as `npm run restore` runs it, configured by the environment, with the folder relative to where it was typed.
    const command = await runCommand(['restore', path.basename(folder)], {
      ...target.env,
      INIT_CWD: path.dirname(folder),
    });
    expect(command.code).toBe(1);
    expect(command.stderr).toMatch(
      onPostgres ? 'The database of DATABASE_URL is not empty' : 'already holds an embedded database',
    );
    await expect(backUp(source.config, folder, () => undefined)).rejects.toThrow('is not empty');
  }, 60_000);

  it('refuses a damaged backup before touching anything', async () => {
    const damaged = await mkdtemp(path.join(os.tmpdir(), 'escriba-damaged-'));
    try {
      await expect(restore(target.config, damaged, () => undefined)).rejects.toThrow(`holds no ${MANIFEST_FILE}`);
      const [first] = manifest.files.entries;
      const file = path.join(folder, 'files', ...first!.key.split('/'));
      const original = await readFile(file);
      await writeFile(file, Buffer.concat([original, Buffer.from('x')]));
      try {
        await expect(restore(target.config, folder, () => undefined)).rejects.toThrow(
          `${first!.key}: its checksum differs from the manifest`,
        );
      } finally {
        await writeFile(file, original);
      }
    } finally {
      await rm(damaged, { recursive: true, force: true });
    }
  });
});

describe.runIf(onPostgres)('a backup while the app writes', () => {
  it('counts the rows in the snapshot it dumps: the restore holds exactly those', async () => {
    const live = await createTestInstance('disk', 'migrated');
    const restored = await createTestInstance('disk');
    const liveFolder = await mkdtemp(path.join(os.tmpdir(), 'escriba-backup-live-'));
    const app = await buildApp(live.config, { mailer: new Mailbox() });
    try {
      const professional = await createLoggedInUser(app);
      let isWriting = true;
      let written = 0;
      const writer = (async () => {
        while (isWriting) {
          await createTestPatient(app, professional.headers);
          written++;
        }
      })();
      await waitUntil(() => written >= 3, 'patients being written');
      const manifest = await backUp(live.config, liveFolder, () => undefined);
      isWriting = false;
      await writer;
      expect(manifest.database.tables['public.patients']).toBeGreaterThanOrEqual(3);
      expect(manifest.database.tables['public.patients']).toBeLessThan(written);

      // Rows per table checked against the manifest: a count taken outside the dump's snapshot would differ.
      await restore(restored.config, liveFolder, () => undefined);
      expect((await restored.tableDigests())['public.patients']).toBeDefined();
    } finally {
      await app.close();
      await live.close();
      await restored.close();
      await rm(liveFolder, { recursive: true, force: true });
    }
  }, 120_000);
});
