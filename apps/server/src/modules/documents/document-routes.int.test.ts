import type { TDocument, TDocumentOf } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs, fieldErrors } from '../../../test/account-requests';
import { addChunks, createGenerationScene, LINES, useGenerationSetup } from '../../../test/anamnesis-test-setup';
import { createTestConsultation } from '../../../test/clinical-factories';
import {
  answerDocuments,
  EXAMES_ANSWER,
  documentsUrl,
  listDocuments,
  postDocument,
  prescribed,
  readDocument,
  settledDocument,
  startDocument,
} from '../../../test/documents-test-setup';
import { createLoggedInUser } from '../../../test/factories';
import { consultations, creditMovements } from '../../db/schema/index';
import type { App } from '../../platform/services';

const setup = useGenerationSetup();

const RECEITA = { type: 'simples', items: [prescribed(['T1', 'E1 p.2'])] };

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(app: App, method: Method, url: string, headers: Headers, payload?: object) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

describe('the documents of a consultation', () => {
  let scene: Awaited<ReturnType<typeof createGenerationScene>>;
  let receita: TDocumentOf<'receita'>;

  beforeAll(async () => {
    const { a, fixture } = setup;
    fixture.respond = answerDocuments({ receita: RECEITA, exames: EXAMES_ANSWER });
    scene = await createGenerationScene(a.app, undefined, { credits: 10 });
    const accepted = await startDocument(a.app, scene.user.headers, scene.consultationId, 'receita');
    receita = (await settledDocument(a.app, scene.user.headers, scene.consultationId, accepted.id)) as typeof receita;
  });

  it('lists them newest first without their content; one reads with its content, request and versions', async () => {
    const { a } = setup;
    const exames = await startDocument(a.app, scene.user.headers, scene.consultationId, 'exames');
    await settledDocument(a.app, scene.user.headers, scene.consultationId, exames.id);
    const listed = await listDocuments(a.app, scene.user.headers, scene.consultationId);
    expect(listed.map(({ id, kind, title, status, version }) => ({ id, kind, title, status, version }))).toEqual([
      { id: exames.id, kind: 'exames', title: 'Solicitação de exames', status: 'ready', version: 1 },
      { id: receita.id, kind: 'receita', title: 'Receita', status: 'ready', version: 1 },
    ]);
    expect(listed[0]).not.toHaveProperty('content');
    expect(listed[0]!.updated_at).toEqual(expect.any(String));

    expect(receita).toMatchObject({
      kind: 'receita',
      status: 'ready',
      request: { instructions: null, days: null, include_cid: false },
      content: { type: 'simples', items: [{ medication: 'Dipirona', sources: { transcript: [{ seq: 1 }] } }] },
    });
    expect(receita.content!.items[0]!.sources.evidence).toEqual([
      { evidence_id: scene.evidenceId, file_name: 'exame.pdf', page: 2 },
    ]);
    expect(receita.versions).toHaveLength(1);
  });

  it('stores an edit as a new version, keeping only sources the document cited; an old base is 409', async () => {
    const { a } = setup;
    const url = documentsUrl(scene.consultationId, `/${receita.id}`);
    const [item] = receita.content!.items;
    const invented = { evidence_id: scene.evidenceId, file_name: 'outro.pdf', page: 1 };
    const content = {
      type: 'controle_especial',
      items: [
        { ...item, dose: '1 g' },
        {
          ...item,
          medication: 'Clonazepam',
          // A segment the consultation has but the document never cited, a page it never cited: dropped.
          sources: {
            transcript: [{ seq: 2, start: 16, end: 24 }, item!.sources.transcript[0]],
            evidence: [invented],
            user_context: true,
          },
        },
      ],
    };
    const saved = await call(a.app, 'PUT', url, scene.user.headers, { base_version: 1, content });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = saved.json<TDocumentOf<'receita'>>();
    expect(edited).toMatchObject({ version: 2, status: 'ready', content: { type: 'notificacao' } });
    expect(edited.content!.items[1]!.sources).toEqual({
      transcript: item!.sources.transcript,
      evidence: [],
      user_context: false,
    });
    expect(edited.versions.map(({ version, kind }) => ({ version, kind }))).toEqual([
      { version: 2, kind: 'edit' },
      { version: 1, kind: 'generation' },
    ]);
    expect(edited.versions[1]!.content).toEqual(receita.content);

    // The same content again changes nothing; a save over version 1 is refused and stores nothing.
    const again = await call(a.app, 'PUT', url, scene.user.headers, { base_version: 2, content: edited.content! });
    expect(again.json<TDocument>().version).toBe(2);
    const stale = await call(a.app, 'PUT', url, scene.user.headers, { base_version: 1, content });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toContain('O documento mudou desde que você o abriu');
    expect((await readDocument(a.app, scene.user.headers, scene.consultationId, receita.id)).versions).toHaveLength(2);
  });

  it('answers 422 naming each field of content that is not the kind’s, storing nothing', async () => {
    const { a } = setup;
    const url = documentsUrl(scene.consultationId, `/${receita.id}`);
    const [item] = receita.content!.items;
    const cases: [content: object, locs: (string | number)[][]][] = [
      [{ type: 'simples', items: [{ ...item, dose: 500 }] }, [['body', 'content', 'items', '0', 'dose']]],
      [{ type: 'azul', items: [] }, [['body', 'content', 'type']]],
      [{ items: [] }, [['body', 'content', 'type']]],
      [{ type: 'simples', items: [], cor: 'azul' }, [['body', 'content', 'cor']]],
      [
        { type: 'simples', items: [{ ...item, medication: 'a\u0000b' }] },
        [['body', 'content', 'items', '0', 'medication']],
      ],
    ];
    for (const [content, locs] of cases) {
      const response = await call(a.app, 'PUT', url, scene.user.headers, { base_version: 2, content });
      expect(response.statusCode, JSON.stringify(content)).toBe(422);
      expect(errorLocs(response)).toEqual(locs);
    }
    const extra = await call(a.app, 'PUT', url, scene.user.headers, {
      base_version: 2,
      content: { type: 'simples', items: [], cor: 1 },
    });
    expect(fieldErrors(extra)[0]).toMatchObject({ type: 'extra_forbidden' });
    // Without content the PUT confirms or reviews (document-review.int.test.ts): its other fields are still checked.
    const bodies = [{ content: {} }, { base_version: 0, content: {} }, { base_version: 2, reviewed: 'sim' }];
    for (const body of bodies) {
      expect((await call(a.app, 'PUT', url, scene.user.headers, body)).statusCode).toBe(422);
    }
    expect((await readDocument(a.app, scene.user.headers, scene.consultationId, receita.id)).versions).toHaveLength(2);
  });

  it('keeps an atestado’s CID to the table’s codes, as the table writes them', async () => {
    const { a, fixture } = setup;
    fixture.enqueue({
      json: { days: 2, start_date: null, purpose: { text: 'Repouso', sources: ['T0'] }, period_sources: ['T0'] },
    });
    const { id } = await startDocument(a.app, scene.user.headers, scene.consultationId, 'atestado');
    const atestado = (await settledDocument(
      a.app,
      scene.user.headers,
      scene.consultationId,
      id,
    )) as TDocumentOf<'atestado'>;
    const url = documentsUrl(scene.consultationId, `/${id}`);
    const save = (cid: object | null) =>
      call(a.app, 'PUT', url, scene.user.headers, { base_version: 1, content: { ...atestado.content!, cid } });
    const unknown = await save({ code: 'Z99.99', description: 'Inventado' });
    expect(errorLocs(unknown)).toEqual([['body', 'content', 'cid', 'code']]);
    const saved = await save({ code: 'r51', description: 'outra descrição' });
    expect(saved.json<TDocumentOf<'atestado'>>().content!.cid).toEqual({ code: 'R51', description: 'Cefaléia' });
  });

  it("keeps an exames' codes to the table's, naming the one that is not", async () => {
    const { a, fixture } = setup;
    fixture.enqueue({ json: { items: [], clinical_indication: { text: 'Cefaleia', sources: ['T0'] } } });
    const { id } = await startDocument(a.app, scene.user.headers, scene.consultationId, 'exames');
    const exames = (await settledDocument(
      a.app,
      scene.user.headers,
      scene.consultationId,
      id,
    )) as TDocumentOf<'exames'>;
    const url = documentsUrl(scene.consultationId, `/${id}`);
    const save = (cids: object[]) =>
      call(a.app, 'PUT', url, scene.user.headers, { base_version: 1, content: { ...exames.content!, cids } });
    const unknown = await save([
      { code: 'R51', description: 'Cefaléia' },
      { code: 'A00.7', description: 'Inventado' },
    ]);
    expect(errorLocs(unknown)).toEqual([['body', 'content', 'cids', 1, 'code']]);
    const saved = await save([{ code: 'i10', description: 'outra' }]);
    expect(saved.json<TDocumentOf<'exames'>>().content!.cids).toEqual([
      { code: 'I10', description: 'Hipertensão essencial (primária)' },
    ]);
  });

  it('deletes a document (204, audited); its spend stays in the statement', async () => {
    const { a } = setup;
    const { id } = await startDocument(a.app, scene.user.headers, scene.consultationId, 'exames');
    await settledDocument(a.app, scene.user.headers, scene.consultationId, id);
    const url = documentsUrl(scene.consultationId, `/${id}`);
    expect((await call(a.app, 'DELETE', url, scene.user.headers)).statusCode).toBe(204);
    expect((await call(a.app, 'GET', url, scene.user.headers)).statusCode).toBe(404);
    expect((await call(a.app, 'DELETE', url, scene.user.headers)).statusCode).toBe(404);
    expect((await listDocuments(a.app, scene.user.headers, scene.consultationId)).map((each) => each.id)).not.toContain(
      id,
    );
    const [audit] = await auditRowsOf(a.app, scene.user.user.id);
    expect(audit).toMatchObject({
      action: 'document.deleted',
      actorUserId: scene.user.user.id,
      details: { consultation_id: scene.consultationId, document_id: id, kind: 'exames' },
    });
    const spends = await a.app.db.select().from(creditMovements).where(eq(creditMovements.userId, scene.user.user.id));
    expect(spends.filter((movement) => movement.kind === 'spend' && movement.documentId === null)).toHaveLength(1);
  });

  it('refuses to edit or delete a document while it is generated, or after its generation failed', async () => {
    const { a, fixture } = setup;
    fixture.enqueue({ json: EXAMES_ANSWER, delayMs: 1_000 });
    const { id } = await startDocument(a.app, scene.user.headers, scene.consultationId, 'exames');
    const url = documentsUrl(scene.consultationId, `/${id}`);
    const body = {
      base_version: 1,
      content: { items: [], clinical_indication: { text: '', sources: receita.content!.items[0]!.sources } },
    };
    const editing = await call(a.app, 'PUT', url, scene.user.headers, body);
    expect([editing.statusCode, editing.json<{ detail: string }>().detail]).toEqual([
      409,
      'Este documento ainda está sendo gerado; aguarde a geração terminar.',
    ]);
    expect((await call(a.app, 'DELETE', url, scene.user.headers)).statusCode).toBe(409);
    await settledDocument(a.app, scene.user.headers, scene.consultationId, id);

    fixture.enqueue({ status: 500 });
    const failed = await startDocument(a.app, scene.user.headers, scene.consultationId, 'exames');
    await settledDocument(a.app, scene.user.headers, scene.consultationId, failed.id);
    const failedUrl = documentsUrl(scene.consultationId, `/${failed.id}`);
    expect((await call(a.app, 'PUT', failedUrl, scene.user.headers, body)).statusCode).toBe(409);
    expect((await call(a.app, 'DELETE', failedUrl, scene.user.headers)).statusCode).toBe(204);
  });

  it('refuses every change to a concluded consultation’s documents (409) until it is reopened', async () => {
    const { a } = setup;
    const consultation = await createTestConsultation(a.app, scene.user.headers);
    await addChunks(a.app, consultation.id, LINES);
    const { id } = await startDocument(a.app, scene.user.headers, consultation.id, 'exames');
    const ready = await settledDocument(a.app, scene.user.headers, consultation.id, id);
    await a.app.db.update(consultations).set({ status: 'done' }).where(eq(consultations.id, consultation.id));
    const url = documentsUrl(consultation.id, `/${id}`);
    for (const [method, path, body] of [
      ['POST', documentsUrl(consultation.id, '/receita'), undefined],
      ['PUT', url, { base_version: 1, content: ready.content! }],
      ['DELETE', url, undefined],
    ] as const) {
      const response = await call(a.app, method, path, scene.user.headers, body);
      expect(response.json(), `${method} ${path}`).toEqual({ detail: 'Consulta concluída: reabra-a para editar' });
    }
    expect((await call(a.app, 'GET', url, scene.user.headers)).statusCode).toBe(200);
  });

  it('answers 404 for another professional’s consultation or document, and for another consultation’s document', async () => {
    const { a } = setup;
    const other = await createLoggedInUser(a.app);
    const own = await createTestConsultation(a.app, other.headers);
    const mine = documentsUrl(scene.consultationId, `/${receita.id}`);
    const elsewhere = documentsUrl(own.id, `/${receita.id}`);
    for (const [method, url, body] of [
      ['POST', documentsUrl(scene.consultationId, '/receita'), undefined],
      ['GET', documentsUrl(scene.consultationId), undefined],
      ['GET', mine, undefined],
      ['PUT', mine, { base_version: 2, content: receita.content! }],
      ['DELETE', mine, undefined],
      ['GET', elsewhere, undefined],
      ['PUT', elsewhere, { base_version: 2, content: receita.content! }],
      ['DELETE', elsewhere, undefined],
    ] as const) {
      const response = await call(a.app, method, url, other.headers, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await readDocument(a.app, scene.user.headers, scene.consultationId, receita.id)).versions).toHaveLength(2);
  });

  it('answers 401 without a session and 422 naming a malformed id', async () => {
    const { a } = setup;
    const mine = documentsUrl(scene.consultationId, `/${receita.id}`);
    for (const [method, url] of [
      ['POST', documentsUrl(scene.consultationId, '/receita')],
      ['GET', documentsUrl(scene.consultationId)],
      ['GET', mine],
      ['PUT', mine],
      ['DELETE', mine],
    ] as const) {
      expect((await call(a.app, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
    }
    const malformed = await call(a.app, 'GET', documentsUrl(scene.consultationId, '/documento-1'), scene.user.headers);
    expect(errorLocs(malformed)).toEqual([['params', 'documentId']]);
    const badConsultation = await postDocument(a.app, scene.user.headers, 'consulta-1', 'receita');
    expect(errorLocs(badConsultation)).toEqual([['params', 'id']]);
  });
});
