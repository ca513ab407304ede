import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consultationUrl } from '../../../test/transcription-requests';
import { waitUntil } from '../../../test/wait-until';
import { NOTE, useEvidenceSetup } from '../../../test/evidence-test-setup';
import { addEvidence, waitUntilRead } from '../../../test/evidence-test-requests';

const { t, professionalWithConsultation, folderOnDisk, storedEvidenceFolders, rowsOf, open } = useEvidenceSetup();

describe('DELETE /user/consultations/{id}/evidences/{evidenceId}', () => {
  it('deletes the row and the files; its links stop working', async () => {
    const { headers, cookie, consultation } = await professionalWithConsultation();
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
    expect((await open(url!, cookie)).statusCode).toBe(404);
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
