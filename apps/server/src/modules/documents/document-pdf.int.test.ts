import type { TDocumentContents, TDocumentKind } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { createPdfScene, issuedToday, LETTERHEAD_TEXTS, todayInBrasilia } from '../../../test/anamnesis-pdf-test-setup';
import {
  CONTROLLED_RECEITA,
  DOCUMENT_CONTENTS,
  documentPdfUrl,
  storeDocument,
} from '../../../test/document-pdf-test-setup';
import { sessionCookie } from '../../../test/evidence-test-requests';
import { createLoggedInUser } from '../../../test/factories';
import { pdfFonts, pdfInfoEntries, pdfPageCount, pdfText } from '../../../test/pdf-tools';
import { useTestApp } from '../../../test/test-app';

const testApp = useTestApp();

/** The text with its line breaks and the layout's runs of spaces made single spaces, to read it as prose. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
const count = (text: string, part: string) => text.split(part).length - 1;

const AI_LINE =
  'Texto redigido com auxílio de assistente de inteligência artificial (Escriba) e revisado por Dra. Mariana Conceição Tavares (CRM/SP 123456).';

// ITI VALIDAR's OID of each kind's type (docs/SIGNATURES.md); orientações have none.
const VALIDAR_TYPES: Record<TDocumentKind, string | null> = {
  receita: '2.16.76.1.12.1.1',
  atestado: '2.16.76.1.12.1.2',
  exames: '2.16.76.1.12.1.3',
  encaminhamento: '2.16.76.1.12.1.11',
  relatorio: '2.16.76.1.12.1.11',
  orientacoes: null,
};

const LAYOUTS: { kind: TDocumentKind; title: string; present: (string | RegExp)[]; absent: string[] }[] = [
  {
    kind: 'receita',
    title: 'Receita',
    present: [
      /Uso oral 1\. Losartana potássica 50 mg — comprimido Tomar 1 comprimido pela manhã\. Quantidade: 30 comprimidos Uso contínuo 2\. Dipirona 500 mg Tomar 1 comprimido de 6 em 6 horas se dor\. Uso tópico 3\. Cetoconazol 2% — creme Aplicar na lesão 2 vezes ao dia\./,
    ],
    absent: ['1ª via', 'Identificação do comprador', 'Uso Oral'],
  },
  {
    kind: 'atestado',
    title: 'Atestado',
    present: [
      /Atesto, para os devidos fins, que João Antônio Araújo, CPF 529\.982\.247-25, esteve em consulta em \d\d\/\d\d\/\d{4} e necessita de 3 \(três\) dias de afastamento de suas atividades, a partir de 10\/03\/2026\./,
      'Finalidade: repouso e tratamento de saúde',
      'CID-10: J06.9 – Infecção aguda das vias aéreas superiores não especificada',
      'Código informado com a autorização do paciente.',
    ],
    absent: [],
  },
  {
    kind: 'exames',
    title: 'Solicitação de exames',
    present: [
      /1\. Hemograma completo Justificativa: Investigação de anemia\. 2\. Eletrocardiograma Indicação clínica Dor torácica atípica há três dias; hipótese de ansiedade\. CID-10 R07\.4 – Dor torácica, não especificada/,
    ],
    absent: [],
  },
  {
    kind: 'encaminhamento',
    title: 'Encaminhamento',
    present: [
      /Ao\(À\) especialista em cardiologia Motivo do encaminhamento Palpitações aos esforços há dois meses\. Resumo clínico Paciente de 54 anos, hipertenso, com ECG de repouso sem alterações\./,
    ],
    absent: ['Solicitação ao especialista'],
  },
  {
    kind: 'orientacoes',
    title: 'Orientações ao paciente',
    present: [
      /O que fazer • Beba bastante água durante o dia\. • Tome o remédio para febre se passar de 38 °C\. Sinais de alerta: procure atendimento • Falta de ar ou lábios roxos: vá ao pronto-socorro\./,
    ],
    absent: ['Quando voltar'],
  },
  {
    kind: 'relatorio',
    title: 'Relatório médico',
    present: [
      /História clínica Hipertensão arterial há dez anos, em uso de losartana\. Conclusão Apto para atividades físicas leves\./,
    ],
    absent: ['Exame físico'],
  },
];

describe('GET /api/v1/user/consultations/{id}/documents/{documentId}/pdf', () => {
  it.each(LAYOUTS)(
    'prints the $kind with every item CFM 2.299/2021 asks for, laid out for its kind, empty fields left out',
    async ({ kind, title, present, absent }) => {
      const { app } = testApp;
      const { owner, consultationId } = await createPdfScene(app);
      const documentId = await storeDocument(app, owner.user.id, consultationId, kind);

      const response = await app.inject({
        method: 'GET',
        url: documentPdfUrl(consultationId, documentId),
        headers: owner.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`^inline; filename="${kind}-\\d{4}-\\d\\d-\\d\\d\\.pdf"`),
      );
      const pdf = response.rawPayload;
      const text = await pdfText(pdf);
      for (const item of [...LETTERHEAD_TEXTS, title, 'Página 1 de 1']) expect(text).toContain(item);
      expect(text).toMatch(issuedToday());
      const prose = flat(text);
      expect(prose).toContain(AI_LINE);
      for (const item of present) {
        if (typeof item === 'string') expect(prose).toContain(item);
        else expect(prose).toMatch(item);
      }
      for (const item of absent) expect(prose).not.toContain(item);
      // Without a certificate: the line to sign by hand, over the name and license.
      expect(prose).not.toContain('Assinado digitalmente');
      expect(prose).toMatch(/Dra\. Mariana Conceição Tavares CRM\/SP 123456 · RQE nº 45678 Página 1 de 1/);
      expect((await pdfFonts(pdf)).every((font) => font.embedded)).toBe(true);
      // Unsigned too, the metadata ITI's validator reads: the type and her CRM's number and UF.
      const info = await pdfInfoEntries(pdf);
      const validar = Object.fromEntries(Object.entries(info).filter(([key]) => key.startsWith('2.16.76.1.')));
      const type = VALIDAR_TYPES[kind];
      expect(validar).toEqual({
        ...(type && { [type]: '' }),
        '2.16.76.1.4.2.2.1': '123456',
        '2.16.76.1.4.2.2.2': 'SP',
      });
    },
  );

  it('prints a controle especial receita in two copies, each with the patient’s address and the buyer’s and supplier’s boxes to fill by hand', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    const documentId = await storeDocument(app, owner.user.id, consultationId, 'receita', CONTROLLED_RECEITA);
    const pdf = (
      await app.inject({ method: 'GET', url: documentPdfUrl(consultationId, documentId), headers: owner.headers })
    ).rawPayload;

    expect(await pdfPageCount(pdf)).toBe(2);
    for (const [page, copy] of [
      [1, '1ª via — Retenção da farmácia'],
      [2, '2ª via — Orientação ao paciente'],
    ] as const) {
      const text = await pdfText(pdf, { first: page, last: page });
      for (const item of [...LETTERHEAD_TEXTS, 'Receita de controle especial', 'Portaria SVS/MS nº 344/1998']) {
        expect(text).toContain(item);
      }
      expect(text).toContain(`${copy} · Página 1 de 1`);
      const prose = flat(text);
      expect(prose).toMatch(
        /Paciente Endereço completo: Uso oral 1\. Sertralina 50 mg — comprimido Tomar 1 comprimido pela manhã\. Quantidade: 30 \(trinta\) comprimidos Uso contínuo/,
      );
      expect(prose).toContain(AI_LINE);
      // The boxes follow the signature, side by side: the buyer's lines beside the supplier's.
      expect(prose.indexOf('Identificação do comprador')).toBeGreaterThan(
        prose.indexOf('CRM/SP 123456 · RQE nº 45678 '),
      );
      for (const line of [
        'Identificação do comprador',
        'Identificação do fornecedor',
        'Nome:',
        'RG e órgão emissor:',
        'Endereço:',
        'Cidade/UF:',
        'Telefone:',
        'Assinatura do farmacêutico:',
        'Data:',
      ]) {
        expect(count(prose, line), line).toBe(1);
      }
    }
  });

  it('writes an atestado without what it does not hold: no period, purpose or CID; one day in words', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    const bare: TDocumentContents['atestado'] = {
      ...DOCUMENT_CONTENTS.atestado,
      days: null,
      start_date: null,
      purpose: { ...DOCUMENT_CONTENTS.atestado.purpose, text: '' },
      cid: null,
    };
    const oneDay = { ...bare, days: 1 };
    const printed = async (content: TDocumentContents['atestado']) => {
      const documentId = await storeDocument(app, owner.user.id, consultationId, 'atestado', content);
      const response = await app.inject({
        method: 'GET',
        url: documentPdfUrl(consultationId, documentId),
        headers: owner.headers,
      });
      return flat(await pdfText(response.rawPayload));
    };

    const seen = `que João Antônio Araújo, CPF 529.982.247-25, esteve em consulta em ${todayInBrasilia()}`;
    const bareText = await printed(bare);
    expect(bareText).toContain(`${seen}.`);
    for (const absent of ['afastamento', 'Finalidade', 'CID']) expect(bareText).not.toContain(absent);
    expect(await printed(oneDay)).toContain(`${seen} e necessita de 1 (um) dia de afastamento de suas atividades.`);
  });

  it('prints the latest version, and opens in a new tab with the session cookie', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    const edited = { ...DOCUMENT_CONTENTS.exames, items: [{ ...DOCUMENT_CONTENTS.exames.items[0]!, exam: 'TSH' }] };
    const documentId = await storeDocument(app, owner.user.id, consultationId, 'exames', undefined, {
      edits: [edited],
    });

    const response = await app.inject({
      method: 'GET',
      url: `${documentPdfUrl(consultationId, documentId)}?download=1`,
      headers: sessionCookie(owner.session),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="exames-/);
    const text = flat(await pdfText(response.rawPayload));
    expect(text).toContain('1. TSH');
    expect(text).not.toContain('Hemograma');
  });

  it('answers 409 while the document is generated or after its generation failed', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    const generating = await storeDocument(app, owner.user.id, consultationId, 'receita', undefined, {
      status: 'generating',
    });
    const failed = await storeDocument(app, owner.user.id, consultationId, 'atestado', undefined, { status: 'failed' });
    const get = (documentId: string) =>
      app.inject({ method: 'GET', url: documentPdfUrl(consultationId, documentId), headers: owner.headers });

    const stillGenerating = await get(generating);
    expect(stillGenerating.statusCode).toBe(409);
    expect(stillGenerating.json()).toEqual({
      detail: 'Este documento ainda está sendo gerado: aguarde a geração terminar para emitir o PDF.',
    });
    const failure = await get(failed);
    expect(failure.statusCode).toBe(409);
    expect(failure.json()).toEqual({
      detail: 'A geração deste documento falhou: não há conteúdo para o PDF. Gere outro.',
    });
  });

  it('answers 401 without a session, 404 for another professional’s document or another consultation’s, 422 for bad input', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    const documentId = await storeDocument(app, owner.user.id, consultationId, 'receita');
    const url = documentPdfUrl(consultationId, documentId);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: 'session=nada' } })).statusCode).toBe(401);

    const other = await createLoggedInUser(app);
    const foreign = await app.inject({ method: 'GET', url, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Documento não encontrado' });
    const elsewhere = await createPdfScene(app);
    const otherConsultation = await app.inject({
      method: 'GET',
      url: documentPdfUrl(elsewhere.consultationId, documentId),
      headers: elsewhere.owner.headers,
    });
    expect(otherConsultation.statusCode).toBe(404);

    const badId = await app.inject({
      method: 'GET',
      url: documentPdfUrl(consultationId, 'nao-e-um-id'),
      headers: owner.headers,
    });
    expect(badId.statusCode).toBe(422);
    expect(errorLocs(badId)).toEqual([['params', 'documentId']]);
    const badQuery = await app.inject({ method: 'GET', url: `${url}?download=sim`, headers: owner.headers });
    expect(badQuery.statusCode).toBe(422);
    expect(errorLocs(badQuery)).toEqual([['querystring', 'download']]);
  });
});
