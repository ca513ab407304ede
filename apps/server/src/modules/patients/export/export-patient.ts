import { BRAZIL_TIME_ZONE, calendarDayIn } from '@escriba/contract';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { UserRow } from '../../../db/schema/index';
import { recordAudit, type RequestOrigin } from '../../../platform/audit';
import { foldForSearch } from '../../../platform/search-key';
import { getPatientFhir } from '../../fhir/get-fhir';
import { contentDisposition } from '../../../providers/documents/clean-file-name';
import type { App } from '../../../platform/services';
import { readPatientExport, type ExportedFile } from './export-contents';
import { renderSummaryPdf } from './summary-pdf';

const README = `Dados do paciente exportados do Escriba (LGPD, art. 18).

paciente.json: o cadastro.
consultas/<data>_<código>/consulta.json: a consulta, a transcrição (todas as versões), a anamnese (todas as
versões), os diagnósticos, os documentos (todas as versões) e as evidências (o texto lido e as correções).
consultas/<data>_<código>/evidencias/<id>/<nome>: cada arquivo anexado, como foi enviado.
consultas/<data>_<código>/audio/: o áudio da gravação, quando foi guardado.
resumo.pdf: um resumo legível, com o texto atual de cada registro.
fhir-bundle.json: as consultas em FHIR R4 (um Bundle collection com um Bundle document por consulta), para outro
sistema de prontuário.
`;

export interface PatientArchive {
  fileName: string;
  stream: Readable;
}

/**
 * GET /user/patients/{id}/export: the patient's whole record as a ZIP, streamed. Everything is read (one consistent
 * snapshot) and the export audited before the first byte; the stored files are then copied one at a time, each
 * opened only when its turn comes. A file storage cannot give mid-way breaks the stream, so the download fails
 * rather than arriving incomplete.
 */
export async function exportPatient(
  app: App,
  user: UserRow,
  patientId: string,
  origin: RequestOrigin,
): Promise<PatientArchive> {
  const contents = await readPatientExport(app.db, user.id, patientId);
  const at = new Date();
  const summary = await renderSummaryPdf(app, user, contents, at);
  const fhir = await getPatientFhir(app, user, patientId, at);
  await recordAudit(app.db, {
    action: 'patient.exported',
    actorUserId: user.id,
    subjectUserId: user.id,
    ...origin,
    details: { patient_id: patientId, consultations: contents.consultations.length, files: contents.files.length },
  });
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: unknown) => {
    app.log.error({ err: error }, 'patient export stopped: the download fails');
    output.destroy(error as Error);
  });
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  zip.addBuffer(Buffer.from(README), 'LEIA-ME.txt', { mtime: at });
  zip.addBuffer(json(contents.patient), 'paciente.json', { mtime: at });
  for (const { folder, ...consultation } of contents.consultations) {
    zip.addBuffer(json(consultation), `${folder}/consulta.json`, { mtime: at });
  }
  // The file being copied closes with the download (a client that went away).
  let copying: Readable | undefined;
  output.once('close', () => copying?.destroy());
  for (const file of contents.files) addStoredFile(app, zip, file, at, (body) => (copying = body));
  zip.addBuffer(summary, 'resumo.pdf', { mtime: at, compress: false });
  zip.addBuffer(json(fhir), 'fhir-bundle.json', { mtime: at });
  zip.end();
  const slug = foldForSearch(contents.patient.name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { fileName: `dados-${slug || 'paciente'}-${calendarDayIn(BRAZIL_TIME_ZONE, at)}.zip`, stream: output };
}

/** Copies a stored file in when its turn comes, opening it only then. */
function addStoredFile(app: App, zip: ZipFile, file: ExportedFile, at: Date, onOpen: (body: Readable) => void): void {
  zip.addReadStreamLazy(file.path, { mtime: at, compress: false }, (callback) => {
    app.storage.open(file.storageKey).then(
      (stored) => {
        if (!stored) return zip.emit('error', new Error(`A stored file is missing: ${file.storageKey}`));
        stored.body.once('error', (error) => zip.emit('error', error));
        onOpen(stored.body);
        callback(null, stored.body);
      },
      (error: unknown) => zip.emit('error', error),
    );
  });
}

/** The archive as the answer: a download, never cached (it holds the whole record). */
export function sendArchive(reply: FastifyReply, archive: PatientArchive) {
  return reply
    .headers({
      'content-type': 'application/zip',
      'content-disposition': contentDisposition(archive.fileName, 'attachment'),
      'cache-control': 'private, no-store',
    })
    .send(archive.stream);
}
