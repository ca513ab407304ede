import type { TDocumentContents, TDocumentOf } from '@escriba/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPdfScene } from '../../../test/anamnesis-pdf-test-setup';
import { createGenerationScene, useGenerationSetup } from '../../../test/anamnesis-test-setup';
import {
  DOCUMENT_CONTENTS,
  documentPdfUrl,
  signedDocumentPdfUrl,
  storeDocument,
} from '../../../test/document-pdf-test-setup';
import {
  answerDocuments,
  documentsUrl,
  prescribed,
  readDocument,
  settledDocument,
  startDocument,
} from '../../../test/documents-test-setup';
import { pdfPageCount, pdfText } from '../../../test/pdf-tools';

const setup = useGenerationSetup();

type Receita = TDocumentContents['receita'];
const NO_SOURCES = { transcript: [], evidence: [], user_context: false };
const line = (medication: string) => ({ ...prescribed(NO_SOURCES), medication });
const receitaOf = (type: Receita['type'], ...medications: string[]): Receita => ({
  type,
  items: medications.map(line),
});

/** The text with its line breaks and the layout's runs of spaces made single spaces, to read it as prose. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const NOTIFICATION_REFUSAL =
  'Esta receita requer Notificação de Receita B numerada pela vigilância sanitária (clonazepam (lista B1)): o Escriba não a emite nem assina digitalmente. Imprima a receita pela prévia do PDF, sem assinatura digital, para acompanhar a notificação.';

describe('a receita’s type follows its items', () => {
  let scene: Awaited<ReturnType<typeof createGenerationScene>>;
  let drafted: TDocumentOf<'receita'>;

  beforeAll(async () => {
    const { a, fixture } = setup;
    // The model calls it simples: the amoxicilina decides.
    fixture.respond = answerDocuments({
      receita: {
        type: 'simples',
        items: [prescribed(['T1'], { medication: 'Amoxicilina + clavulanato de potássio' })],
      },
    });
    scene = await createGenerationScene(a.app, undefined, { credits: 5 });
    const accepted = await startDocument(a.app, scene.user.headers, scene.consultationId, 'receita');
    drafted = (await settledDocument(a.app, scene.user.headers, scene.consultationId, accepted.id)) as typeof drafted;
  });

  it('is computed when drafted, and the document says why of each item', () => {
    expect(drafted.content!.type).toBe('antimicrobiano');
    expect(drafted.prescription).toEqual({
      type: 'antimicrobiano',
      reason:
        'Receita de antimicrobiano (RDC 471/2021): Amoxicilina + ácido clavulânico. Duas vias (1ª via retida pela farmácia), válida por 10 dias a partir da emissão.',
      items: [
        {
          list: 'antimicrobiano',
          substances: ['amoxicilina', 'ácido clavulânico'],
          label: 'Antimicrobiano',
          reason:
            'Amoxicilina + ácido clavulânico: antimicrobiano (RDC 471/2021) — receita em duas vias, válida por 10 dias',
        },
      ],
    });
  });

  it('is computed again when edited, whatever type the edit sends', async () => {
    const { a } = setup;
    const url = documentsUrl(scene.consultationId, `/${drafted.id}`);
    const edit = async (base_version: number, content: Receita) => {
      const response = await a.app.inject({
        method: 'PUT',
        url,
        headers: scene.user.headers,
        payload: { base_version, content },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TDocumentOf<'receita'>>();
    };
    const controlled = await edit(1, receitaOf('simples', 'Sertralina 50 mg', 'Azitromicina 500 mg'));
    expect(controlled.content!.type).toBe('controle_especial');
    expect(controlled.prescription!.items.map((item) => item.label)).toEqual([
      'Controle especial C1',
      'Antimicrobiano',
    ]);
    expect(controlled.prescription!.reason).toContain('Azitromicina: antimicrobiano, válido por 10 dias.');

    const notification = await edit(2, receitaOf('simples', 'Rivotril 2 mg'));
    expect(notification.content!.type).toBe('notificacao');
    expect(notification.prescription!.items[0]!.label).toBe('Notificação B1');

    const simple = await edit(3, receitaOf('controle_especial', 'Dipirona 500 mg'));
    expect(simple).toMatchObject({ content: { type: 'simples' }, prescription: { type: 'simples' } });
  });

  it('reads a receita stored before: its stored type kept, the check made from its items', async () => {
    const { a } = setup;
    const { owner, consultationId } = await createPdfScene(a.app);
    const documentId = await storeDocument(
      a.app,
      owner.user.id,
      consultationId,
      'receita',
      receitaOf('controle_especial', 'Amoxicilina 500 mg'),
    );
    const stored = (await readDocument(a.app, owner.headers, consultationId, documentId)) as TDocumentOf<'receita'>;
    expect(stored.content!.type).toBe('controle_especial');
    expect(stored.prescription!.type).toBe('antimicrobiano');
  });
});

describe('the PDF of a receita by its type', () => {
  it('prints an antimicrobial’s receita in two copies, each saying it is valid for 10 days', async () => {
    const { app } = setup.a;
    const { owner, consultationId } = await createPdfScene(app);
    const content = { ...DOCUMENT_CONTENTS.receita, items: [line('Amoxicilina'), line('Dipirona')] };
    const documentId = await storeDocument(app, owner.user.id, consultationId, 'receita', content);
    const response = await app.inject({
      method: 'GET',
      url: documentPdfUrl(consultationId, documentId),
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const pdf = response.rawPayload;
    expect(await pdfPageCount(pdf)).toBe(2);
    for (const [page, copy] of [
      [1, '1ª via — Retenção da farmácia'],
      [2, '2ª via — Orientação ao paciente'],
    ] as const) {
      const text = flat(await pdfText(pdf, { first: page, last: page }));
      expect(text).toContain('Receita de antimicrobiano');
      expect(text).toContain('Válida por 10 dias a partir da data de emissão (RDC 471/2021).');
      expect(text).toContain(copy);
      expect(text).toMatch(/1\. Amoxicilina 500 mg — comprimido/);
    }
  });

  it('adds the antimicrobial’s 10 days to a controle especial receita', async () => {
    const { app } = setup.a;
    const { owner, consultationId } = await createPdfScene(app);
    const content = receitaOf('controle_especial', 'Sertralina', 'Cefalexina');
    const documentId = await storeDocument(app, owner.user.id, consultationId, 'receita', content);
    const pdf = (
      await app.inject({ method: 'GET', url: documentPdfUrl(consultationId, documentId), headers: owner.headers })
    ).rawPayload;
    expect(await pdfPageCount(pdf)).toBe(2);
    const text = flat(await pdfText(pdf, { first: 1, last: 1 }));
    expect(text).toContain('Receita de controle especial');
    expect(text).toContain(
      'Antimicrobiano: cefalexina. Válida por 10 dias a partir da data de emissão (RDC 471/2021).',
    );
  });

  it('neither issues nor signs a receita of list B (409 saying why); its preview prints it for the notificação', async () => {
    const { app } = setup.a;
    const { owner, consultationId } = await createPdfScene(app);
    const content = receitaOf('simples', 'Clonazepam', 'Dipirona');
    const documentId = await storeDocument(app, owner.user.id, consultationId, 'receita', content);
    const issuing = [
      { url: `${documentPdfUrl(consultationId, documentId)}/issued` },
      { url: signedDocumentPdfUrl(consultationId, documentId), payload: { password: 'senha-do-certificado' } },
    ];
    for (const request of issuing) {
      const refused = await app.inject({ method: 'POST', headers: owner.headers, ...request });
      expect(refused.statusCode, request.url).toBe(409);
      expect(refused.json()).toEqual({ detail: NOTIFICATION_REFUSAL });
    }

    const preview = await app.inject({
      method: 'GET',
      url: documentPdfUrl(consultationId, documentId),
      headers: owner.headers,
    });
    expect(preview.statusCode).toBe(200);
    const pdf = preview.rawPayload;
    expect(await pdfPageCount(pdf)).toBe(1);
    const text = flat(await pdfText(pdf));
    expect(text).toContain('Requer Notificação de Receita B numerada pela vigilância sanitária');
    expect(text).toMatch(/1\. Clonazepam 500 mg — comprimido/);
  });
});
