import { eq } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { evidences } from '../src/db/schema/index';
import { evidenceFolder } from '../src/modules/evidences/evidence-keys';
import { createTestConsultation } from './clinical-factories';
import { LAB_REPORT_TEXT } from './evidence-files';
import { sessionCookie } from './evidence-test-requests';
import { createLoggedInUser } from './factories';
import { useTestApp } from './test-app';

export const MAX_UPLOAD_BYTES = 1024 * 1024;
export const LAB_LINES = LAB_REPORT_TEXT.split('\n');
export const NOTE = 'Paciente relata cefaleia há três dias.\nSem febre. Pressão 12x8.\n';

/** The app for one evidence test file (files on disk, uploads up to 1 MB), and what its tests look at. */
export function useEvidenceSetup() {
  const t = useTestApp((config) => ({
    ...config,
    evidences: { ...config.evidences, maxUploadBytes: MAX_UPLOAD_BYTES },
  }));

  async function professionalWithConsultation() {
    const professional = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, professional.headers);
    return { ...professional, cookie: sessionCookie(professional.session), consultation };
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

  /** GET of a file link as an <img> or a new tab asks: the cookie (or nothing), no bearer token. */
  function open(url: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'GET', url, headers });
  }

  return { t, professionalWithConsultation, folderOnDisk, storedEvidenceFolders, rowsOf, open };
}
