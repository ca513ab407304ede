// The scene the issued documents' tests share: a receita issued for print, with its address and code.
import type { TAccessLogEntry, TAccessLogPage, TCreatePatientBody, TIssuedDocument } from '@escriba/contract';
import { expect } from 'vitest';
import type { App } from '../src/platform/services';
import { createPdfScene } from './anamnesis-pdf-test-setup';
import { DOCUMENT_CONTENTS, storeDocument } from './document-pdf-test-setup';
import { consultationUrl } from './transcription-requests';

type Headers = Record<string, string>;

export const issue = (app: App, headers: Headers, consultationId: string, documentId: string) =>
  app.inject({ method: 'POST', url: consultationUrl(consultationId, `/documents/${documentId}/pdf/issued`), headers });

export const issuedList = async (app: App, headers: Headers, consultationId: string) =>
  (await app.inject({ method: 'GET', url: consultationUrl(consultationId, '/issued-documents'), headers })).json<
    TIssuedDocument[]
  >();

/** A receita of the scene's patient (`patient` overriding her record), issued for print. */
export async function issuedReceita(app: App, patient: Partial<TCreatePatientBody> = {}) {
  const scene = await createPdfScene(app, patient);
  const documentId = await storeDocument(
    app,
    scene.owner.user.id,
    scene.consultationId,
    'receita',
    DOCUMENT_CONTENTS.receita,
  );
  const response = await issue(app, scene.owner.headers, scene.consultationId, documentId);
  expect(response.statusCode, response.body).toBe(200);
  const [issued] = await issuedList(app, scene.owner.headers, scene.consultationId);
  return { ...scene, documentId, pdf: response.rawPayload, issued: issued! };
}

/** The access log of the consultation's patient, newest first, as her professional reads it. */
export async function patientAccessLog(app: App, headers: Headers, consultationId: string): Promise<TAccessLogEntry[]> {
  const consultation = await app.inject({ method: 'GET', url: consultationUrl(consultationId, ''), headers });
  const patientId = consultation.json<{ patient: { id: string } }>().patient.id;
  const log = await app.inject({ method: 'GET', url: `/api/v1/user/patients/${patientId}/access-log`, headers });
  expect(log.statusCode, log.body).toBe(200);
  return log.json<TAccessLogPage>().items;
}
