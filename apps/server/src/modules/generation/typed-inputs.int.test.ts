import type { TAnamnesisVersion, TConsultation, TDocumentOf } from '@escriba/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerWith,
  createGenerationScene,
  postGeneration,
  promptOf,
  requestedFields,
  settledVersion,
  useGenerationSetup,
} from '../../../test/anamnesis-test-setup';
import { answerDocuments, documentsUrl, settledDocument, startDocument } from '../../../test/documents-test-setup';
import { readGenerationInputs } from './read-generation-inputs';

const setup = useGenerationSetup();

const TITLE = 'Pré-natal de retorno';
const CHIEF_COMPLAINT = 'Pressão de 150x100 mmHg aferida em casa ontem.';
const PATIENT_NOTES = 'G2P1, alto risco.';
// Nothing in the scene's transcript, PDF or context says either: only the typed inputs support them.
const HDA = 'PA de 150x100 mmHg aferida em casa [Q]. Gestante G2P1 de alto risco [O].';

/** What the professional typed in the header and in the patient's record. */
async function typeInputs(scene: Awaited<ReturnType<typeof createGenerationScene>>, chiefComplaint: string) {
  const { app } = setup.a;
  const patch = async (payload: object) => {
    const url = `/api/v1/user/consultations/${scene.consultationId}`;
    const patched = await app.inject({ method: 'PATCH', url, headers: scene.user.headers, payload });
    expect(patched.statusCode, patched.body).toBe(200);
    return patched.json<TConsultation>();
  };
  await patch({ title: TITLE });
  const { patient } = await patch({ chief_complaint: chiefComplaint });
  const notes = await app.inject({
    method: 'PATCH',
    url: `/api/v1/user/patients/${patient.id}`,
    headers: scene.user.headers,
    payload: { notes: PATIENT_NOTES },
  });
  expect(notes.statusCode, notes.body).toBe(200);
}

/** The prompt of the last request for note fields (a whole note's codes are chosen in a request after it). */
const lastNotePrompt = () =>
  promptOf(setup.fixture.requests.findLast((request) => requestedFields(request.body).length > 0)!.body);

function expectLabelledInputs(prompt: string, chiefComplaint = CHIEF_COMPLAINT) {
  expect(prompt).toContain(`## Título da consulta [N]\n${TITLE}`);
  expect(prompt).toContain(`## Queixa principal [Q]\n${chiefComplaint}`);
  expect(prompt).toContain(`## Observações do prontuário do paciente [O]\n${PATIENT_NOTES}`);
  expect(prompt).toContain('"Q" (queixa principal)');
}

describe('what the professional typed outside the Contexto tab', () => {
  let scene: Awaited<ReturnType<typeof createGenerationScene>>;
  let note: TAnamnesisVersion;

  beforeAll(async () => {
    const { a, fixture, socketBase } = setup;
    scene = await createGenerationScene(a.app, socketBase, { credits: 10 });
    await typeInputs(scene, CHIEF_COMPLAINT);
    fixture.respond = answerWith(
      (id) => (id === 'hda' ? HDA : ''),
      (id) => (id === 'hda' ? ['Q', 'O'] : []),
    );
    const { id } = (
      await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId)
    ).json<TAnamnesisVersion>();
    note = await settledVersion(a.app, scene.user.headers, scene.consultationId, id);
  });

  it('reaches the note’s request under its labels, and a field citing it has it as a source, checked against it', () => {
    expectLabelledInputs(lastNotePrompt());
    expect(note.status).toBe('ready');
    const hda = note.fields.find((field) => field.field_id === 'hda')!;
    expect(hda.sources).toEqual({
      transcript: [],
      evidence: [],
      user_context: false,
      typed: ['chief_complaint', 'patient_notes'],
    });
    expect(
      hda.statements.map(({ text, sources, status, reason }) => ({ text, typed: sources.typed, status, reason })),
    ).toEqual([
      { text: 'PA de 150x100 mmHg aferida em casa.', typed: ['chief_complaint'], status: 'verified', reason: null },
      { text: 'Gestante G2P1 de alto risco.', typed: ['patient_notes'], status: 'verified', reason: null },
    ]);
    expect(note.provenance.inputs.typed).toEqual({
      title: TITLE,
      chief_complaint: CHIEF_COMPLAINT,
      patient_notes: PATIENT_NOTES,
    });
  });

  it('is read again as the provenance recorded it, while a field drafted later reads what she typed since', async () => {
    const { a, fixture } = setup;
    const changed = 'Cefaleia occipital desde ontem.';
    await typeInputs(scene, changed);
    const retried = await readGenerationInputs(a.app.db, scene.consultationId, note.provenance.inputs);
    expect(retried.typed.chief_complaint).toBe(CHIEF_COMPLAINT);
    // A provenance from before typed inputs were read reads none.
    const { typed: _typed, ...before } = note.provenance.inputs;
    expect((await readGenerationInputs(a.app.db, scene.consultationId, before)).typed).toEqual({});

    fixture.respond = answerWith(
      () => 'Cefaleia occipital desde ontem [Q].',
      () => ['Q'],
    );
    const { id } = (
      await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId, { field_id: 'hda' })
    ).json<TAnamnesisVersion>();
    const regenerated = await settledVersion(a.app, scene.user.headers, scene.consultationId, id);
    expectLabelledInputs(lastNotePrompt(), changed);
    expect(regenerated.fields.find((field) => field.field_id === 'hda')!.sources.typed).toEqual(['chief_complaint']);
    await typeInputs(scene, CHIEF_COMPLAINT);
  });

  it('reaches a document’s request, and a part citing it has it as a source', async () => {
    const { a, fixture } = setup;
    fixture.respond = answerDocuments({
      exames: {
        items: [{ exam: 'Proteinúria de 24 horas', justification: '', sources: ['O'] }],
        clinical_indication: { text: 'PA de 150x100 mmHg em casa; gestante de alto risco.', sources: ['Q', 'O'] },
      },
    });
    const accepted = await startDocument(a.app, scene.user.headers, scene.consultationId, 'exames');
    const stored = (await settledDocument(
      a.app,
      scene.user.headers,
      scene.consultationId,
      accepted.id,
    )) as TDocumentOf<'exames'>;
    expectLabelledInputs(promptOf(fixture.requests.at(-1)!.body));
    expect(stored.content?.clinical_indication.sources.typed).toEqual(['chief_complaint', 'patient_notes']);
    expect(stored.content?.items[0]!.sources.typed).toEqual(['patient_notes']);
    expect(stored.provenance.inputs.typed).toMatchObject({ chief_complaint: CHIEF_COMPLAINT });

    // Her edit keeps them: they are among the sources the document cited.
    const edited = await a.app.inject({
      method: 'PUT',
      url: documentsUrl(scene.consultationId, `/${accepted.id}`),
      headers: scene.user.headers,
      payload: { base_version: 1, content: stored.content },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TDocumentOf<'exames'>>().content?.clinical_indication.sources.typed).toEqual([
      'chief_complaint',
      'patient_notes',
    ]);
  });
});
