import type { TDocumentKind, TLiveMessage } from '@escriba/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestConsultation } from '../../../test/clinical-factories';
import { ANSWERS, expectedContent, NONE, PLAN } from '../../../test/document-generation-fixtures';
import {
  addChunks,
  answerWith,
  balanceOf,
  createGenerationScene,
  postGeneration,
  promptOf,
  requestedFields,
  settledVersion,
  useGenerationSetup,
} from '../../../test/anamnesis-test-setup';
import { DOCUMENT_PROMPT_TEXTS } from '../assistant-seeds/document-prompt-seeds';
import { putDiagnoses } from '../../../test/diagnoses-test-setup';
import { answerKeys } from './document-answer';
import {
  answerDocuments,
  documentMessages,
  listDocuments,
  postDocument,
  prescribed,
  requestedKind,
  settledDocument,
  startDocument,
} from '../../../test/documents-test-setup';

const setup = useGenerationSetup();

const BODIES: Partial<Record<TDocumentKind, object>> = {
  atestado: { days: 3, include_cid: true },
  relatorio: { instructions: 'Relatório para a perícia do INSS.' },
};

describe('document generation', () => {
  let scene: Awaited<ReturnType<typeof createGenerationScene>>;

  beforeAll(async () => {
    const { a, fixture, socketBase } = setup;
    scene = await createGenerationScene(a.app, socketBase, { credits: 20 });
    await addChunks(a.app, scene.consultationId, PLAN, 3);
    // The consultation's note, an input of every document, its fields citing their sources.
    fixture.respond = answerWith(
      (id) => (id === 'alergias' ? '' : `Nota: ${id}`),
      (id) => (id === 'medicacoes' ? ['T2', 'E1 p.2'] : ['T0']),
    );
    const note = await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId);
    await settledVersion(a.app, scene.user.headers, scene.consultationId, note.json<{ id: string }>().id);
    // Its hypotheses: a suggestion not confirmed, then a confirmed one.
    const diagnoses = [
      { code: 'G43.9', confirmed: false },
      { code: 'R51', confirmed: true },
      { code: 'I10', confirmed: true },
    ];
    expect((await putDiagnoses(a.app, scene.user.headers, scene.consultationId, diagnoses)).statusCode).toBe(200);
    fixture.respond = answerDocuments(ANSWERS);
  });

  it.each(Object.keys(ANSWERS) as TDocumentKind[])(
    '%s: streams each property with its sources over the socket, then end, and stores the same content',
    async (kind) => {
      const { a, fixture } = setup;
      const before = await balanceOf(a.app, scene.user.user.id);
      const accepted = await startDocument(a.app, scene.user.headers, scene.consultationId, kind, BODIES[kind]);
      expect(accepted).toMatchObject({ kind, status: 'generating', version: 1, consultation_id: scene.consultationId });
      expect(await balanceOf(a.app, scene.user.user.id)).toBe(before - 1);

      // Stored first (the job may wait for its worker's next look), then announced.
      const stored = await settledDocument(a.app, scene.user.headers, scene.consultationId, accepted.id);
      await scene.client.next((message) => message.type === 'end' && message.document_id === accepted.id);
      const messages = documentMessages(scene.client, accepted.id);
      const keys = answerKeys(kind);
      expect(messages.map((message) => message.type)).toEqual([...keys.map(() => 'anamnesis'), 'end']);
      expect(messages.at(-1)).toEqual({
        type: 'end',
        consultation_id: scene.consultationId,
        document_id: accepted.id,
        kind,
      });

      const expected = expectedContent(scene.evidenceId)[kind];
      expect(stored).toMatchObject({ kind, status: 'ready', version: 1, failure: null, content: expected });
      expect(stored.versions).toMatchObject([{ version: 1, kind: 'generation', status: 'ready', content: expected }]);
      // Each message carries one property as stored.
      expect(messages.slice(0, -1)).toEqual(
        keys.map((key): TLiveMessage => ({
          type: 'anamnesis',
          consultation_id: scene.consultationId,
          document_id: accepted.id,
          kind,
          field_id: key,
          value: (expected as Record<string, unknown>)[key],
        })),
      );

      // The request: the kind's schema and prompt, the labelled material, the note with its sources, the request.
      const request = fixture.requests.findLast((each) => requestedKind(each.body) === kind)!.body;
      expect(requestedFields(request)).toEqual(keys);
      const prompt = promptOf(request);
      for (const expectedText of [
        DOCUMENT_PROMPT_TEXTS[kind].text,
        '[T3 00:24–00:32] Vou prescrever dipirona 500 mg',
        '[E1 p.2 exame.pdf]\nGlicemia 98 mg/dL.',
        '[C]\nPaciente hipertensa, retorno em 30 dias.',
        '### Medicações em uso (fontes: T2, E1 p.2)\nNota: medicacoes',
        'Nunca invente dados: nenhuma dose',
      ]) {
        expect(prompt).toContain(expectedText);
      }
      expect(prompt).not.toContain('### Alergias');
      if (kind === 'atestado') expect(prompt).toContain('Dias de afastamento definidos pelo profissional: 3.');
      if (kind === 'relatorio') expect(prompt).toContain('Relatório para a perícia do INSS.');

      expect(stored.request).toEqual({
        instructions: kind === 'relatorio' ? 'Relatório para a perícia do INSS.' : null,
        days: kind === 'atestado' ? 3 : null,
        include_cid: kind === 'atestado',
      });
      expect(stored.provenance).toMatchObject({
        persona: { id: expect.any(String) as unknown },
        prompts: [{ purpose: `document_${kind}`, version: 1 }],
        model: 'gpt-4o-mini',
        inputs: {
          evidence_ids: [scene.evidenceId],
          user_context: true,
          condensed: false,
          note: { anamnesis_id: expect.any(String) as unknown, version: 1 },
        },
      });
    },
  );

  it('leaves empty what a silent consultation did not say, and keeps no source the inputs did not carry', async () => {
    const { a, fixture } = setup;
    const consultation = await createTestConsultation(a.app, scene.user.headers);
    fixture.respond = answerDocuments({
      // An invented dose citing a segment that does not exist, and "Não informado" where nothing was said.
      receita: {
        type: 'simples',
        items: [
          prescribed(['T7', 'E1 p.1', 'C'], {
            medication: 'Amoxicilina',
            dose: '875 mg',
            form: 'Não informado',
            instructions: 'não informado.',
            route: '',
          }),
        ],
      },
      orientacoes: {
        what_to_do: [],
        warning_signs: [{ text: '', sources: ['T0'] }],
        when_to_return: { text: 'Não informado', sources: ['C'] },
      },
    });
    const receita = await startDocument(a.app, scene.user.headers, consultation.id, 'receita');
    const orientacoes = await startDocument(a.app, scene.user.headers, consultation.id, 'orientacoes');

    const prescription = await settledDocument(a.app, scene.user.headers, consultation.id, receita.id);
    // The model's "simples" gives way to what the amoxicilina makes it.
    expect(prescription.content).toEqual({
      type: 'antimicrobiano',
      items: [prescribed(NONE, { medication: 'Amoxicilina', dose: '875 mg', form: '', instructions: '', route: '' })],
    });
    const guidance = await settledDocument(a.app, scene.user.headers, consultation.id, orientacoes.id);
    expect(guidance.content).toEqual({
      what_to_do: [],
      warning_signs: [],
      when_to_return: { text: '', sources: NONE },
    });
    const prompt = promptOf(fixture.requests.findLast((each) => requestedKind(each.body) === 'receita')!.body);
    for (const empty of ['## Transcrição da consulta\n(sem transcrição)', '## Anamnese da consulta\n(nenhuma)']) {
      expect(prompt).toContain(empty);
    }
    expect(prompt).toContain('O que a consulta não disse fica vazio: texto "" e lista [].');
  });

  it('prints no CID on an atestado the patient did not authorise it for', async () => {
    const { a, fixture } = setup;
    fixture.respond = answerDocuments(ANSWERS);
    const accepted = await startDocument(a.app, scene.user.headers, scene.consultationId, 'atestado', { days: 1 });
    const stored = await settledDocument(a.app, scene.user.headers, scene.consultationId, accepted.id);
    expect(stored).toMatchObject({ content: { days: 1, cid: null }, request: { include_cid: false } });
  });

  it('answers 422 naming the kind, or a field only an atestado takes, and spends nothing', async () => {
    const { a } = setup;
    const before = await balanceOf(a.app, scene.user.user.id);
    const documents = (await listDocuments(a.app, scene.user.headers, scene.consultationId)).length;
    const cases: [kind: string, body: object | undefined, loc: (string | number)[]][] = [
      ['prescricao', undefined, ['params', 'kind']],
      ['receita', { days: 3 }, ['body', 'days']],
      ['exames', { include_cid: true }, ['body', 'include_cid']],
      ['atestado', { days: 0 }, ['body', 'days']],
      ['atestado', { days: 2.5 }, ['body', 'days']],
      ['relatorio', { instructions: 'x'.repeat(1_001) }, ['body', 'instructions']],
      ['relatorio', { tipo: 'longo' }, ['body', 'tipo']],
    ];
    for (const [kind, body, loc] of cases) {
      const response = await postDocument(a.app, scene.user.headers, scene.consultationId, kind, body);
      expect(response.statusCode, `${kind} ${JSON.stringify(body)}`).toBe(422);
      expect(response.json<{ detail: { loc: unknown[] }[] }>().detail.map((error) => error.loc)).toEqual([loc]);
    }
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(before);
    expect(await listDocuments(a.app, scene.user.headers, scene.consultationId)).toHaveLength(documents);
  });

  it('keeps the note’s own messages free of document ids', async () => {
    const note = scene.client.messages.filter((message) => message.type === 'anamnesis' && !message.document_id);
    expect(note.length).toBeGreaterThan(0);
    expect(note.every((message) => !('kind' in message) && typeof message.anamnesis_id === 'string')).toBe(true);
    // A document's messages name the document, never a note version.
    const documents = scene.client.messages.filter((message) => message.document_id);
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.every((message) => !('anamnesis_id' in message) && message.kind)).toBe(true);
  });
});
