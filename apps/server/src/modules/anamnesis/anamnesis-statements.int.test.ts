import type { TAnamnesisMessage, TAnamnesisVersion } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addChunks,
  anamnesisUrl,
  answerWith,
  createGenerationScene,
  messagesOf,
  postGeneration,
  settledVersion,
  useGenerationSetup,
} from '../../../test/anamnesis-test-setup';
import { evidences } from '../../db/schema/index';

const setup = useGenerationSetup();

// Said in the consultation after the scene's three lines (T0–T2: "Tomo losartana 50 mg de manhã." is T2).
const SAID = [
  'Faz umas três semanas que eu estou com dor de cabeça quase todo dia.',
  'Dipirona, quinhentos miligramas, quase todos os dias.',
  'Teve febre, perda de força? Não, nada disso.',
  'Vou medir sua pressão. Cento e trinta e oito por oitenta e oito.',
  'Dói mais do lado direito da cabeça.',
  'Não tive febre nenhuma essa semana.',
];

// What the model wrote: labels after each sentence, with four planted errors among true statements.
const WRITTEN: Record<string, string> = {
  queixa_principal: 'Dor de cabeça há três semanas [T3].',
  hda: 'Cefaleia há 3 semanas, quase diária [T3]. Nega febre [T5]. PA 150x100 mmHg [T6]. Dor à esquerda [T7]. Teve febre [T8].',
  medicacoes: '- Dipirona 50 mg quase diariamente [T4]\n- Losartana cinquenta miligramas pela manhã [T2]',
  alergias: 'Não informado',
};

describe('statements of a generated note', () => {
  it('are checked one by one: a changed number, a wrong side, a dropped negation and a wrong dose are unverified with their reason; the PDF waits until she confirms or edits them', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase);
    await addChunks(a.app, scene.consultationId, SAID, 3);
    fixture.respond = answerWith(
      (id) => WRITTEN[id]!,
      (id) => (id === 'alergias' ? [] : ['T3']),
    );
    const accepted = (
      await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId)
    ).json<TAnamnesisVersion>();
    const note = await settledVersion(a.app, scene.user.headers, scene.consultationId, accepted.id);
    const byId = Object.fromEntries(note.fields.map((field) => [field.field_id, field]));

    expect(byId.hda!.text).toBe(
      'Cefaleia há 3 semanas, quase diária. Nega febre. PA 150x100 mmHg. Dor à esquerda. Teve febre.',
    );
    expect(byId.hda!.statements.map(({ text, status, reason }) => ({ text, status, reason }))).toEqual([
      { text: 'Cefaleia há 3 semanas, quase diária.', status: 'verified', reason: null },
      { text: 'Nega febre.', status: 'verified', reason: null },
      { text: 'PA 150x100 mmHg.', status: 'unverified', reason: '138x88 na fonte, 150x100 na nota' },
      { text: 'Dor à esquerda.', status: 'unverified', reason: 'lado direito na fonte, esquerdo na nota' },
      { text: 'Teve febre.', status: 'unverified', reason: 'a fonte nega "febre", a nota não' },
    ]);
    expect(byId.hda!.statements[2]!.sources.transcript.map((segment) => segment.seq)).toEqual([6]);
    // The field cites every statement's sources.
    expect(byId.hda!.sources.transcript.map((segment) => segment.seq)).toEqual([3, 5, 6, 7, 8]);
    expect(byId.medicacoes!.text).toBe(
      '- Dipirona 50 mg quase diariamente\n- Losartana cinquenta miligramas pela manhã',
    );
    expect(byId.medicacoes!.statements.map(({ status, reason }) => [status, reason])).toEqual([
      ['unverified', 'dose 500 mg na fonte, 50 mg na nota'],
      ['verified', null],
    ]);
    expect(byId.queixa_principal!.statements).toMatchObject([{ status: 'verified' }]);
    expect(byId.alergias).toMatchObject({ text: 'Não informado', statements: [] });

    // The live messages carry the same statements.
    const messages = messagesOf(scene.client, accepted.id).filter(
      (message): message is TAnamnesisMessage => message.type === 'anamnesis',
    );
    expect(messages.find((message) => message.field_id === 'hda')!.statements).toEqual(byId.hda!.statements);

    const pdfUrl = anamnesisUrl(scene.consultationId, '/pdf');
    const held = await a.app.inject({ method: 'GET', url: pdfUrl, headers: scene.user.headers });
    expect(held.statusCode).toBe(409);
    expect(held.json<{ detail: string }>().detail).toContain('4 frases não confirmadas nas fontes');

    // She confirms the pressure and the dose as they are, and writes the side herself.
    const put = (payload: object) =>
      a.app.inject({ method: 'PUT', url: anamnesisUrl(scene.consultationId), headers: scene.user.headers, payload });
    const confirmed = await put({
      base_version: note.version,
      confirmations: [
        { field_id: 'hda', index: 2 },
        { field_id: 'medicacoes', index: 0 },
      ],
      fields: [
        {
          field_id: 'hda',
          text: 'Cefaleia há 3 semanas, quase diária. Nega febre. PA 150x100 mmHg. Dor à direita. Teve febre.',
        },
      ],
    });
    expect(confirmed.statusCode).toBe(200);
    const reviewed = confirmed.json<TAnamnesisVersion>();
    const hda = reviewed.fields.find((field) => field.field_id === 'hda')!;
    expect(hda.edited).toBe(true);
    expect(hda.statements.map(({ status }) => status)).toEqual([
      'verified',
      'verified',
      'confirmed',
      'confirmed',
      'unverified',
    ]);
    expect(hda.statements[3]).toMatchObject({ text: 'Dor à direita.', reason: null });
    // Her words keep the sources of the sentence they replaced.
    expect(hda.statements[3]!.sources).toEqual(byId.hda!.statements[3]!.sources);
    const userId = scene.user.user.id;
    expect(reviewed.provenance.reviews.map(({ at: _at, ...review }) => review)).toEqual([
      { field_id: 'hda', text: 'PA 150x100 mmHg.', action: 'confirmed', user_id: userId },
      { field_id: 'hda', text: 'Dor à direita.', action: 'edited', user_id: userId },
      { field_id: 'medicacoes', text: 'Dipirona 50 mg quase diariamente', action: 'confirmed', user_id: userId },
    ]);
    expect(reviewed.provenance.reviews.every(({ at }) => Date.parse(at) >= Date.parse(note.finished_at!))).toBe(true);
    const stillHeld = await a.app.inject({ method: 'GET', url: pdfUrl, headers: scene.user.headers });
    expect(stillHeld.json<{ detail: string }>().detail).toContain('1 frase não confirmada nas fontes');

    // A statement that does not exist is named; nothing is stored.
    const wrong = await put({ base_version: reviewed.version, confirmations: [{ field_id: 'hda', index: 9 }] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      detail: [
        { loc: ['body', 'confirmations', 0, 'index'], msg: 'Esta frase não existe no campo', type: 'value_error' },
      ],
    });
    const empty = await put({ base_version: reviewed.version });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ detail: { loc: unknown[] }[] }>().detail[0]!.loc).toEqual(['body', 'fields']);

    const last = await put({ base_version: reviewed.version, confirmations: [{ field_id: 'hda', index: 4 }] });
    expect(last.statusCode).toBe(200);
    expect(last.json<TAnamnesisVersion>().provenance.reviews).toHaveLength(4);
    const pdf = await a.app.inject({ method: 'GET', url: pdfUrl, headers: scene.user.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    scene.client.close();
  });

  it('a number said in words in the transcript and written in figures in the note is verified', async () => {
    const { a, fixture } = setup;
    const scene = await createGenerationScene(a.app, undefined);
    await addChunks(a.app, scene.consultationId, SAID, 3);
    fixture.respond = answerWith((id) =>
      id === 'hda'
        ? 'PA 138x88 mmHg [T6]. Dipirona 500 mg quase todos os dias [T4]. Cefaleia há 3 semanas [T3]. Nega febre [T8].'
        : 'Não informado',
    );
    const accepted = (
      await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId)
    ).json<TAnamnesisVersion>();
    const note = await settledVersion(a.app, scene.user.headers, scene.consultationId, accepted.id);
    const hda = note.fields.find((field) => field.field_id === 'hda')!;
    expect(hda.statements.map(({ status }) => status)).toEqual(['verified', 'verified', 'verified', 'verified']);
    const pdf = await a.app.inject({
      method: 'GET',
      url: anamnesisUrl(scene.consultationId, '/pdf'),
      headers: scene.user.headers,
    });
    expect(pdf.statusCode).toBe(200);
  });

  it('a number OCR read with low confidence does not verify the statement citing it', async () => {
    const { a, fixture } = setup;
    const scene = await createGenerationScene(a.app, undefined);
    // The scene's exame.pdf reads "Glicemia 98 mg/dL." on its page 2; OCR was unsure of the 98.
    const start = 'Glicemia '.length;
    const unsure = { text: '98', page: 2, start, end: start + 2, bbox: null, confidence: 31, is_number: true };
    await a.app.db
      .update(evidences)
      .set({
        readingReview: {
          unsureShare: 0.25,
          lowConfidence: true,
          unsureWords: [{ ...unsure, reason: 'low_confidence', expected: null }],
          warnings: [],
        },
      })
      .where(eq(evidences.id, scene.evidenceId));
    fixture.respond = answerWith((id) =>
      id === 'hda' ? 'Glicemia de 98 mg/dL [E1 p.2]. Hemograma normal [E1 p.1].' : 'Não informado',
    );
    const accepted = (
      await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId)
    ).json<TAnamnesisVersion>();
    const note = await settledVersion(a.app, scene.user.headers, scene.consultationId, accepted.id);
    const hda = note.fields.find((field) => field.field_id === 'hda')!;
    expect(hda.statements.map(({ status, reason }) => [status, reason])).toEqual([
      ['unverified', 'número de leitura incerta na fonte'],
      ['verified', null],
    ]);
  });
});
