import type { TAccessLogPage, TConsultation, TDocument, TPatient } from '@escriba/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessRowsBy, accessRowsOf, described } from '../../../test/access-log-test-setup';
import { uniqueWord } from '../../../test/clinical-factories';
import { textPdf } from '../../../test/evidence-files';
import { postEvidence } from '../../../test/evidence-test-requests';
import { createLoggedInUser } from '../../../test/factories';
import { speechWav } from '../../../test/speech';
import { confirmConsent, consultationUrl, postChunk, waitForTranscript } from '../../../test/transcription-requests';
import { waitUntil } from '../../../test/wait-until';
import { useWhisperTestApp } from '../../../test/whisper-test-app';
import {
  storeAnamnesisVersion,
  storeDocumentGeneration,
  storeFileEvidence,
} from '../admin-consultations/consultation-records';

let speech: Buffer;
beforeAll(async () => {
  speech = await speechWav('Bom dia, doutora.');
});
const t = useWhisperTestApp();

const CLIENT = { 'user-agent': 'Navegador de teste/1.0' };
const ADDRESS = '198.51.100.23';

describe('the access log', () => {
  it('records every read and change of a patient’s data, route by route, with no clinical text', async () => {
    // Text the professional writes everywhere: none of it may reach the log.
    const secret = `sigilo${uniqueWord()}`;
    const user = await createLoggedInUser(t.app);
    const headers = { ...user.headers, ...CLIENT };
    const call = async (method: string, url: string, payload?: object) => {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers,
        payload,
        remoteAddress: ADDRESS,
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response;
    };

    const patient = (
      await call('POST', '/api/v1/user/patients/', { name: `Maria ${secret}`, notes: `Alergia ${secret}` })
    ).json<TPatient>();
    await call('GET', `/api/v1/user/patients/?q=${secret}`);
    await call('GET', `/api/v1/user/patients/${patient.id}`);
    await call('PATCH', `/api/v1/user/patients/${patient.id}`, { notes: `Hipertensa ${secret}` });

    const consultation = (
      await call('POST', '/api/v1/user/consultations/', { patient_id: patient.id, title: `Retorno ${secret}` })
    ).json<TConsultation>();
    const url = (rest: string) => consultationUrl(consultation.id, rest);
    await call('GET', `/api/v1/user/consultations/?patient_id=${patient.id}&q=${secret}`);
    await call('GET', url(''));
    await call('PATCH', url(''), { chief_complaint: `Cefaleia ${secret}` });
    await call('PUT', url('/user-context'), { user_context: `Contexto ${secret}` });

    await confirmConsent(t.app, headers, consultation.id);
    await call('PUT', url('/evidences/transcript/mode?mode=faster-whisper&whisper_size=small'));
    expect((await postChunk(t.app, headers, consultation.id, 0, speech)).statusCode).toBe(202);
    await waitForTranscript(t.app, headers, consultation.id, (each) => each.pending === 0);
    await call('DELETE', url('/evidences/transcript'));
    await waitUntil(
      async () =>
        (await t.app.inject({ method: 'GET', url: url('/evidences/transcript'), headers })).statusCode === 200,
      'stored transcript',
    );
    await call('PUT', url('/evidences/transcript/text'), { text: `Transcrição ${secret}` });
    await call('PUT', url('/evidences/transcript/segments/0'), { text: `Trecho ${secret}` });
    await call('POST', url('/evidences/transcript/continue'));

    const added = (await postEvidence(t.app, headers, consultation.id, await textPdf([`Laudo ${secret}`]))).json<{
      id: string;
    }>();
    const stored = await storeFileEvidence(t.app, consultation.id, { status: 'ready', text: `Exame ${secret}` });
    await call('GET', url('/evidences/'));
    await call('GET', url(`/evidences/${stored.id}`));
    await call('GET', url(`/evidences/${stored.id}/file?download=1`));
    await call('PUT', url(`/evidences/${stored.id}/text`), { text: `Exame corrigido ${secret}` });
    await call('DELETE', url(`/evidences/${stored.id}`));

    const owner = { id: consultation.id, userId: user.user.id, patientId: patient.id };
    await storeAnamnesisVersion(t.app, owner, 1, { status: 'ready' });
    await call('GET', url('/anamnesis'));
    await call('GET', url('/anamnesis/pdf'));
    await call('PUT', url('/anamnesis/diagnoses'), [{ code: 'I10', confirmed: true }]);

    const documentId = await storeDocumentGeneration(t.app, owner, 'relatorio', { status: 'ready' });
    await call('GET', url('/documents/'));
    const document = (await call('GET', url(`/documents/${documentId}`))).json<TDocument>();
    const sources = { transcript: [], evidence: [], user_context: false };
    const content = { sections: [{ title: 'Resumo', text: `Relatório ${secret}`, sources }] };
    await call('PUT', url(`/documents/${documentId}`), { base_version: document.version, content });
    await call('GET', url(`/documents/${documentId}/pdf`));
    await call('DELETE', url(`/documents/${documentId}`));
    await call('DELETE', url(''));

    const c = `/api/v1/user/consultations/:id`;
    const rows = await accessRowsOf(t.app, patient.id);
    expect(rows[0]!.ip).toBe(ADDRESS);
    expect(rows.map(described)).toEqual(
      [
        'POST /api/v1/user/patients/ | patient | create | -',
        'GET /api/v1/user/patients/:id | patient | read | -',
        'PATCH /api/v1/user/patients/:id | patient | update | -',
        'POST /api/v1/user/consultations/ | consultation | create | -',
        'GET /api/v1/user/consultations/ | consultation | list | -',
        `GET ${c} | consultation | read | -`,
        `PATCH ${c} | consultation | update | -`,
        `PUT ${c}/user-context | consultation | update | -`,
        `PUT ${c}/recording-consent | consultation | update | -`,
        `PUT ${c}/evidences/transcript/mode | transcript | update | -`,
        `POST ${c}/evidences/transcript | audio | create | 0`,
        ...rows.filter((row) => row.route === `GET ${c}/partial-transcript`).map(() => '(partial)'),
        `DELETE ${c}/evidences/transcript | transcript | update | -`,
        `GET ${c}/evidences/transcript | transcript | read | -`,
        `PUT ${c}/evidences/transcript/text | transcript | update | -`,
        `PUT ${c}/evidences/transcript/segments/:seq | transcript | update | 0`,
        `POST ${c}/evidences/transcript/continue | transcript | update | -`,
        `POST ${c}/evidences/add-evidence | evidence | create | ${added.id}`,
        `GET ${c}/evidences/ | evidence | list | -`,
        `GET ${c}/evidences/:evidenceId | evidence | read | ${stored.id}`,
        `GET ${c}/evidences/:evidenceId/file | evidence_file | download | ${stored.id}`,
        `PUT ${c}/evidences/:evidenceId/text | evidence | update | ${stored.id}`,
        `DELETE ${c}/evidences/:evidenceId | evidence | delete | ${stored.id}`,
        `GET ${c}/anamnesis | note | read | -`,
        `GET ${c}/anamnesis/pdf | note_pdf | download | -`,
        `PUT ${c}/anamnesis/diagnoses | diagnoses | update | -`,
        `GET ${c}/documents | document | list | -`,
        `GET ${c}/documents/:documentId | document | read | ${documentId}`,
        `PUT ${c}/documents/:documentId | document | update | ${documentId}`,
        `GET ${c}/documents/:documentId/pdf | document_pdf | download | ${documentId}`,
        `DELETE ${c}/documents/:documentId | document | delete | ${documentId}`,
        `DELETE ${c} | consultation | delete | -`,
      ].map((line) => (line === '(partial)' ? `GET ${c}/partial-transcript | transcript | read | -` : line)),
    );
    for (const row of rows) {
      expect(row).toMatchObject({ actorUserId: user.user.id, actorRole: 'professional', ownerUserId: user.user.id });
      // The test's helpers (consent, chunk, upload) send from the loopback address.
      expect([ADDRESS, '127.0.0.1']).toContain(row.ip);
      expect(row.userAgent).toBe(CLIENT['user-agent']);
      if (row.route.includes(c)) expect(row.consultationId).toBe(consultation.id);
    }

    // The patient list names no patient of its own: one row in the professional's trail, none in the patient's.
    const trail = await accessRowsBy(t.app, user.user.id);
    expect(trail.filter((row) => row.patientId === null).map(described)).toEqual([
      'GET /api/v1/user/patients/ | patient | list | -',
    ]);
    const log = await call('GET', `/api/v1/user/patients/${patient.id}/access-log?page_size=100`);
    expect(log.json<TAccessLogPage>().total).toBe(rows.length);
    const everything = JSON.stringify(trail) + log.body;
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain('Maria');
  }, 90_000);
});
