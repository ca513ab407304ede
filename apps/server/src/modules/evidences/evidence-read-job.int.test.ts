import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { evidences, evidenceVersions } from '../../db/schema/index';
import { evidenceFolder } from './evidence-keys';
import { NOTE, useEvidenceSetup } from '../../../test/evidence-test-setup';
import { addEvidence, getEvidence, waitUntilRead } from '../../../test/evidence-test-requests';
import { readEvidence } from './read-evidence';

const { t, professionalWithConsultation } = useEvidenceSetup();

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
