import type { TDocument, TFieldSources, TStatement } from '@escriba/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf, errorLocs } from '../../../test/account-requests';
import { createLoggedInUser } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-tools';
import { useTestApp } from '../../../test/test-app';
import type { App } from '../../platform/services';
import { createGenerationScene, useGenerationSetup } from '../../../test/anamnesis-test-setup';
import { createPdfScene } from '../../../test/anamnesis-pdf-test-setup';
import {
  DOCUMENT_CONTENTS,
  documentPdfUrl,
  signedDocumentPdfUrl,
  storeDocument,
} from '../../../test/document-pdf-test-setup';
import {
  answerDocuments,
  documentsUrl,
  readDocument,
  settledDocument,
  startDocument,
} from '../../../test/documents-test-setup';

type Headers = Record<string, string>;

const flat = (text: string) => text.replace(/\s+/g, ' ');
const DRAFTED = 'Texto redigido com auxílio de assistente de inteligência artificial (Escriba)';
const NONE: TFieldSources = { transcript: [], evidence: [], user_context: false };

const put = (app: App, headers: Headers, consultationId: string, documentId: string, payload: object) =>
  app.inject({ method: 'PUT', url: documentsUrl(consultationId, `/${documentId}`), headers, payload });

const pdf = (app: App, headers: Headers, consultationId: string, documentId: string) =>
  app.inject({ method: 'GET', url: documentPdfUrl(consultationId, documentId), headers });

const signedPdf = (app: App, headers: Headers, consultationId: string, documentId: string) =>
  app.inject({
    method: 'POST',
    url: signedDocumentPdfUrl(consultationId, documentId),
    headers,
    payload: { password: 'qualquer senha' },
  });

const statuses = (document: TDocument) =>
  Object.fromEntries(
    Object.entries(document.statements).map(([part, statements]) => [part, statements.map((each) => each.status)]),
  );

describe('a generated document with text no source holds', () => {
  const setup = useGenerationSetup();
  let scene: Awaited<ReturnType<typeof createGenerationScene>>;

  beforeAll(async () => {
    scene = await createGenerationScene(setup.a.app, setup.socketBase, { credits: 5 });
    setup.fixture.respond = answerDocuments({
      exames: {
        items: [
          { exam: 'Hemograma completo', justification: '', sources: ['T0'] },
          // No source says 250 mg/dL: the scene's PDF says 98.
          { exam: 'Hemoglobina glicada', justification: 'Glicemia de 250 mg/dL', sources: ['E1 p.2'] },
        ],
        clinical_indication: { text: 'Dor de cabeça há três dias.', sources: ['T0'] },
      },
    });
  });

  it('is checked sentence by sentence; both PDF routes answer 409 until one confirmation makes one reviewed version', async () => {
    const { app } = setup.a;
    const { headers } = scene.user;
    const accepted = await startDocument(app, headers, scene.consultationId, 'exames');
    const document = await settledDocument(app, headers, scene.consultationId, accepted.id, 60_000);
    expect(statuses(document)).toEqual({
      'items.0': ['verified'],
      'items.1': ['unverified'],
      clinical_indication: ['verified'],
    });
    const [unsupported] = document.statements['items.1']!;
    expect(unsupported).toMatchObject({ text: 'Hemoglobina glicada; Glicemia de 250 mg/dL', status: 'unverified' });
    expect(unsupported!.reason).toContain('250');
    expect(document.versions[0]!.statements).toEqual(document.statements);
    expect(document.provenance).toMatchObject({ reviews: [], reviewed: null });

    const held = await pdf(app, headers, scene.consultationId, document.id);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({
      detail:
        'O documento tem 1 frase não confirmada nas fontes: confirme ou edite antes de gerar o PDF (PUT do documento com confirmations).',
    });
    const heldSigned = await signedPdf(app, headers, scene.consultationId, document.id);
    expect(heldSigned.statusCode).toBe(409);
    expect(heldSigned.json()).toEqual(held.json());
    expect((await auditRowsOf(app, scene.user.user.id)).map((row) => row.action)).not.toContain('document.signed');

    const confirmed = await put(app, headers, scene.consultationId, document.id, {
      base_version: 1,
      confirmations: [{ part: 'items.1', index: 0 }],
      reviewed: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const reviewed = confirmed.json<TDocument>();
    expect(reviewed.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(reviewed.content).toEqual(document.content);
    expect(statuses(reviewed)['items.1']).toEqual(['confirmed']);
    expect(reviewed.statements['items.1']![0]!.reason).toBeNull();
    const by = { user_id: scene.user.user.id, at: expect.any(String) as string };
    expect(reviewed.provenance.reviews).toEqual([
      { field_id: 'items.1', text: 'Hemoglobina glicada; Glicemia de 250 mg/dL', action: 'confirmed', ...by },
    ]);
    expect(reviewed.provenance.reviewed).toEqual(by);

    const released = await pdf(app, headers, scene.consultationId, document.id);
    expect(released.statusCode).toBe(200);
    const text = flat(await pdfText(released.rawPayload));
    expect(text).toContain('Glicemia de 250 mg/dL');
    expect(text).toContain(`${DRAFTED} e revisado por`);
    // A generation waits for its job's worker: roomy on a loaded machine.
  }, 90_000);
});

describe('PUT …/documents/{documentId}: confirmations, her text and her review', () => {
  const testApp = useTestApp();

  it('says who reviewed it in the PDF only after her review; a review alone is one new version', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    const documentId = await storeDocument(app, owner.user.id, consultationId, 'atestado', undefined, {
      reviewed: false,
      statements: {
        purpose: [{ text: 'repouso e tratamento de saúde', sources: NONE, status: 'verified', reason: null }],
      },
    });

    const before = await pdf(app, owner.headers, consultationId, documentId);
    expect(before.statusCode).toBe(200);
    const drafted = flat(await pdfText(before.rawPayload));
    expect(drafted).toContain(`${DRAFTED}. Uso registrado conforme a Resolução CFM nº 2.454/2026.`);
    expect(drafted).not.toContain('revisado por');

    const review = await put(app, owner.headers, consultationId, documentId, { base_version: 1, reviewed: true });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json<TDocument>().version).toBe(2);
    // The same review again changes nothing.
    const again = await put(app, owner.headers, consultationId, documentId, { base_version: 2, reviewed: true });
    expect(again.json<TDocument>().version).toBe(2);

    const after = flat(await pdfText((await pdf(app, owner.headers, consultationId, documentId)).rawPayload));
    expect(after).toContain(`${DRAFTED} e revisado por Dra. Mariana Conceição Tavares (CRM/SP 123456).`);
  });

  it('keeps the statements of what she left and makes hers what she wrote; older versions read as unchecked', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    // Stored before documents were checked: each part one unchecked statement.
    const documentId = await storeDocument(app, owner.user.id, consultationId, 'orientacoes', undefined, {
      reviewed: false,
    });
    const stored = await readDocument(app, owner.headers, consultationId, documentId);
    expect(stored.statements).toEqual({
      'what_to_do.0': [{ text: 'Beba bastante água durante o dia.', sources: NONE, status: 'unchecked', reason: null }],
      'what_to_do.1': [
        { text: 'Tome o remédio para febre se passar de 38 °C.', sources: NONE, status: 'unchecked', reason: null },
      ],
      'warning_signs.0': [
        {
          text: 'Falta de ar ou lábios roxos: vá ao pronto-socorro.',
          sources: NONE,
          status: 'unchecked',
          reason: null,
        },
      ],
    });

    const content = structuredClone(DOCUMENT_CONTENTS.orientacoes);
    content.what_to_do[1]!.text = 'Tome paracetamol 750 mg se a febre passar de 38 °C.';
    content.when_to_return.text = 'Volte em 7 dias.';
    const edited = await put(app, owner.headers, consultationId, documentId, { base_version: 1, content });
    expect(edited.statusCode, edited.body).toBe(200);
    const document = edited.json<TDocument>();
    const hers = (text: string): TStatement => ({ text, sources: NONE, status: 'confirmed', reason: null });
    expect(document.statements).toEqual({
      'what_to_do.0': stored.statements['what_to_do.0'],
      'what_to_do.1': [hers('Tome paracetamol 750 mg se a febre passar de 38 °C.')],
      'warning_signs.0': stored.statements['warning_signs.0'],
      when_to_return: [hers('Volte em 7 dias.')],
    });
    expect(document.provenance.reviews?.map(({ field_id, action }) => [field_id, action])).toEqual([
      ['what_to_do.1', 'edited'],
      ['when_to_return', 'edited'],
    ]);
    // Editing is not the review step: the footer waits for it.
    expect(document.provenance.reviewed).toBeNull();
  });

  it('answers 422 naming a part or place the version does not have, 401 without a session, 404 for another’s; stores nothing', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    const documentId = await storeDocument(app, owner.user.id, consultationId, 'exames', undefined, {
      statements: {
        'items.0': [
          { text: 'Hemograma completo; Investigação de anemia.', sources: NONE, status: 'unverified', reason: 'x' },
        ],
      },
    });
    const cases: [object, (string | number)[]][] = [
      [{ confirmations: [{ part: 'items.9', index: 0 }] }, ['body', 'confirmations', 0, 'part']],
      [{ confirmations: [{ part: 'items.0', index: 3 }] }, ['body', 'confirmations', 0, 'index']],
      // Refused by the body's schema, which names a list's place as text.
      [{ confirmations: [{ part: 'items.0', index: -1 }] }, ['body', 'confirmations', '0', 'index']],
      [{ confirmations: [{ part: '', index: 0 }] }, ['body', 'confirmations', '0', 'part']],
      [{ reviewed: 'sim' }, ['body', 'reviewed']],
    ];
    for (const [payload, loc] of cases) {
      const response = await put(app, owner.headers, consultationId, documentId, { base_version: 1, ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorLocs(response)).toEqual([loc]);
    }
    const confirm = { base_version: 1, confirmations: [{ part: 'items.0', index: 0 }] };
    const url = documentsUrl(consultationId, `/${documentId}`);
    expect((await app.inject({ method: 'PUT', url, payload: confirm })).statusCode).toBe(401);
    const other = await createLoggedInUser(app);
    expect((await put(app, other.headers, consultationId, documentId, confirm)).statusCode).toBe(404);
    expect((await readDocument(app, owner.headers, consultationId, documentId)).version).toBe(1);
    expect((await pdf(app, owner.headers, consultationId, documentId)).statusCode).toBe(409);
  });
});
