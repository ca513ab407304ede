import type { TAdminConsultationList } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { adminRequest, createLoggedInAdmin } from '../../../test/admin-test-requests';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import {
  storeAnamnesisVersion,
  storeChunk,
  storeDocumentGeneration,
  storeFileEvidence,
  storeTranscriptEvidence,
} from './consultation-records';

const t = useTestApp();

const list = (headers: Record<string, string> | undefined, query: Record<string, string> = {}) =>
  adminRequest(t.app, headers, 'GET', '/consultation/', query);

describe('GET /api/v1/admin/consultation/', () => {
  it('answers 401 without a token and 403 to a professional', async () => {
    const professional = await createLoggedInUser(t.app);
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(professional.headers)).statusCode).toBe(403);
  });

  it('lists metadata, counts and the failures of each job with their reasons, without clinical content', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await createLoggedInUser(t.app, { name: 'Dr. Renato Queiroz' });
    const consultation = await createTestConsultation(t.app, user.headers, {
      title: 'Retorno cardiológico',
      chief_complaint: 'Dor torácica há três dias',
    });
    const quiet = await createTestConsultation(t.app, user.headers);
    await storeChunk(t.app, consultation.id, 0, { status: 'done', text: 'Paciente relata dor no peito.' });
    await storeChunk(t.app, consultation.id, 1, {
      status: 'failed',
      failure: 'O servidor faster-whisper recusou o áudio (400)',
    });
    // The transcript is an evidence too, but no file she attached: "Arquivos" counts only hers.
    await storeTranscriptEvidence(t.app, consultation.id, 'Paciente relata dor no peito.');
    await storeTranscriptEvidence(t.app, quiet.id, 'Consulta sem arquivos.');
    await storeFileEvidence(t.app, consultation.id, { status: 'ready', text: 'Troponina elevada.' });
    const unreadable = await storeFileEvidence(t.app, consultation.id, {
      status: 'unreadable',
      reason: 'O tipo do arquivo não foi reconhecido',
    });
    const owner = { id: consultation.id, userId: user.user.id, patientId: consultation.patient.id };
    await storeAnamnesisVersion(t.app, owner, 1, { status: 'failed', failure: 'O modelo não respondeu a tempo' });
    await storeAnamnesisVersion(t.app, owner, 2, { status: 'ready' });
    const failedDocument = await storeDocumentGeneration(t.app, owner, 'receita', {
      status: 'failed',
      failure: 'O serviço de geração de texto está indisponível no momento.',
    });
    await storeDocumentGeneration(t.app, owner, 'relatorio', { status: 'ready' });

    const response = await list(admin.headers, { user_id: user.user.id });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<TAdminConsultationList>();
    expect(page).toMatchObject({ total: 2, page: 1, page_size: 20 });
    expect(page.items.map((item) => item.id)).toEqual([quiet.id, consultation.id]);
    expect(page.items[0]).toMatchObject({
      failures: [],
      counts: { chunks: 0, evidences: 0, anamnesis_versions: 0, documents: 0 },
    });
    const item = page.items[1]!;
    expect(item).toMatchObject({
      user: { id: user.user.id, name: 'Dr. Renato Queiroz' },
      patient_id: consultation.patient.id,
      status: 'draft',
      counts: {
        chunks: 2,
        failed_chunks: 1,
        evidences: 2,
        unreadable_evidences: 1,
        anamnesis_versions: 2,
        failed_generations: 1,
        documents: 2,
        failed_documents: 1,
      },
    });
    expect(item.failures.map(({ job, ref, reason }) => ({ job, ref, reason }))).toEqual(
      expect.arrayContaining([
        { job: 'transcription', ref: '1', reason: 'O servidor faster-whisper recusou o áudio (400)' },
        { job: 'evidence', ref: unreadable.id, reason: 'O tipo do arquivo não foi reconhecido' },
        { job: 'anamnesis', ref: '1', reason: 'O modelo não respondeu a tempo' },
        { job: 'document', ref: failedDocument, reason: 'O serviço de geração de texto está indisponível no momento.' },
      ]),
    );
    expect(item.failures).toHaveLength(4);
    for (const clinical of ['Retorno', 'Dor torácica', 'Paciente relata', 'Troponina', consultation.patient.name]) {
      expect(response.body).not.toContain(clinical);
    }
  });

  it('lists a consultation whose only failure is a document’s generation', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, user.headers);
    const owner = { id: consultation.id, userId: user.user.id, patientId: consultation.patient.id };
    const documentId = await storeDocumentGeneration(t.app, owner, 'atestado', {
      status: 'failed',
      failure: 'A geração não terminou: o servidor foi interrompido ou perdeu o banco de dados.',
    });
    const [item] = (await list(admin.headers, { user_id: user.user.id })).json<TAdminConsultationList>().items;
    expect(item!.counts).toMatchObject({ documents: 1, failed_documents: 1, failed_generations: 0 });
    expect(item!.failures).toEqual([
      {
        job: 'document',
        ref: documentId,
        reason: 'A geração não terminou: o servidor foi interrompido ou perdeu o banco de dados.',
        at: expect.any(String) as string,
      },
    ]);
  });

  it('filters by status and creation days, and pages', async () => {
    const admin = await createLoggedInAdmin(t.app);
    const user = await createLoggedInUser(t.app);
    const older = await createTestConsultation(t.app, user.headers);
    const newer = await createTestConsultation(t.app, user.headers);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/consultations/${older.id}`,
      headers: user.headers,
      payload: { status: 'done' },
    });
    const ids = async (query: Record<string, string>) =>
      (await list(admin.headers, { user_id: user.user.id, ...query }))
        .json<TAdminConsultationList>()
        .items.map((item) => item.id);
    expect(await ids({ status: 'done' })).toEqual([older.id]);
    expect(await ids({ status: 'draft' })).toEqual([newer.id]);
    expect(await ids({ created_from: '2000-01-01', created_to: '2000-01-31' })).toEqual([]);
    expect(await ids({ created_from: '2000-01-01' })).toEqual([newer.id, older.id]);
    expect(await ids({ page: '2', page_size: '1' })).toEqual([older.id]);
  });

  it('refuses bad filters with 422 naming the field', async () => {
    const admin = await createLoggedInAdmin(t.app);
    for (const [query, field] of [
      [{ user_id: '12345678909' }, 'user_id'],
      [{ status: 'archived' }, 'status'],
      [{ created_to: '31/01/2026' }, 'created_to'],
      [{ created_from: '2026-03-01', created_to: '2026-02-01' }, 'created_to'],
      [{ page: '0' }, 'page'],
      [{ q: 'Joaquina' }, 'q'],
    ] as const) {
      const response = await list(admin.headers, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(errorLocs(response)).toEqual([['querystring', field]]);
    }
  });
});
