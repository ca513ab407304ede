import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { registerPatientAccessLog, type PatientAccess } from './patient-access';

async function startWith(url: string, patientAccess: PatientAccess | false | undefined): Promise<void> {
  const app = Fastify();
  registerPatientAccessLog(app, {} as Database);
  app.get(url, { config: { access: 'user', patientAccess } }, () => ({}));
  try {
    await app.ready();
  } finally {
    await app.close();
  }
}

describe('registerPatientAccessLog', () => {
  it('stops start-up for a route under a patient or a consultation that declares nothing', async () => {
    await expect(startWith('/api/v1/user/consultations/:id/novidade', undefined)).rejects.toThrow(
      'Route GET /api/v1/user/consultations/:id/novidade declares no patientAccess',
    );
    await expect(startWith('/api/v1/user/patients/:id/export', undefined)).rejects.toThrow(/declares no patientAccess/);
    await expect(startWith('/api/v1/user/me/', undefined)).resolves.toBeUndefined();
    await expect(startWith('/api/v1/user/patients/:id/access-log', false)).resolves.toBeUndefined();
  });

  it('stops start-up for a declaration it cannot follow: no patient to find, a record parameter not in the URL', async () => {
    await expect(startWith('/api/v1/user/templates/:id', { record: 'note', action: 'read' })).rejects.toThrow(
      /its patient cannot be found/,
    );
    await expect(
      startWith('/api/v1/user/consultations/:id/evidences/:evidenceId', {
        record: 'evidence',
        action: 'read',
        recordId: 'param:documentId',
      }),
    ).rejects.toThrow(/no parameter for its recordId param:documentId/);
  });
});
