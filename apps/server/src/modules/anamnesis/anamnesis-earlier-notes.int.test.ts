import type { TAnamnesisVersion } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  answerWith,
  createGenerationScene,
  postGeneration,
  promptOf,
  settledVersion,
  useGenerationSetup,
} from '../../../test/anamnesis-test-setup';
import { createTestPatient } from '../../../test/clinical-factories';
import { settledDocument, startDocument } from '../../../test/documents-test-setup';
import { addEarlierConsultation, type EarlierConsultationOptions } from '../../../test/earlier-consultation-factory';
import { createLoggedInUser } from '../../../test/factories';
import { consultations } from '../../db/schema/index';

const setup = useGenerationSetup();

// Past the bound of a field of an earlier note in the prompt.
const LONG_HISTORY = `Cefaleia tensional desde a adolescência, ${'com crises semanais e uso de analgésicos, '.repeat(30)}FIM-DO-TEXTO.`;

/** A consultation of the scene's patient with its earlier visits, and the prompt and note of its generation. */
async function generateReturnVisit() {
  const { a, fixture, socketBase } = setup;
  const scene = await createGenerationScene(a.app, socketBase);
  const [current] = await a.app.db
    .select({ patientId: consultations.patientId })
    .from(consultations)
    .where(eq(consultations.id, scene.consultationId));
  const add = (day: string, marker: string, options: Partial<EarlierConsultationOptions> = {}) =>
    addEarlierConsultation(a.app, scene.user, current!.patientId, {
      day,
      texts: { queixa_principal: `Marcador ${marker}` },
      ...options,
    });
  const earlier = {
    march: await add('2026-03-12', 'março', {
      title: 'Retorno',
      texts: { queixa_principal: 'Marcador março', hda: LONG_HISTORY },
      diagnoses: [
        { code: 'I10', confirmed: true },
        { code: 'R51', confirmed: false },
      ],
    }),
    february: await add('2026-02-10', 'fevereiro', { texts: { queixa_principal: 'Marcador fevereiro', conduta: '' } }),
    january: await add('2026-01-05', 'janeiro'),
  };
  await add('2025-11-03', 'novembro');
  await add('2026-04-01', 'rascunho', { status: 'draft' });
  const otherPatient = await createTestPatient(a.app, scene.user.headers, { name: 'Maria Souza' });
  await addEarlierConsultation(a.app, scene.user, otherPatient.id, {
    day: '2026-04-02',
    texts: { queixa_principal: 'Marcador outro paciente' },
  });
  const other = await createLoggedInUser(a.app);
  const theirs = await createTestPatient(a.app, other.headers, { name: 'Maria Souza', birth_date: '1980-05-10' });
  await addEarlierConsultation(a.app, other, theirs.id, {
    day: '2026-04-03',
    texts: { queixa_principal: 'Marcador outra profissional' },
  });

  fixture.respond = answerWith(
    (id) => `Texto de ${id}`,
    (id) => (id === 'hda' ? ['T1', 'A1', '[A2 10/02/2026]', 'A4'] : ['T1']),
  );
  const { id } = (
    await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId)
  ).json<TAnamnesisVersion>();
  const stored = await settledVersion(a.app, scene.user.headers, scene.consultationId, id);
  return { scene, earlier, prompt: promptOf(fixture.requests.at(-1)!.body), stored };
}

describe('the patient’s earlier notes as an input of the generation', () => {
  it('gives the last three concluded notes of the same professional’s patient, newest first, labelled', async () => {
    const { scene, earlier, prompt, stored } = await generateReturnVisit();
    scene.client.close();

    const section = prompt.slice(prompt.indexOf('## Consultas anteriores'));
    expect(section).toContain('[A1 12/03/2026] Retorno (modelo Clínica geral)\nQueixa principal: Marcador março');
    expect(section).toContain('[A2 10/02/2026] Consulta (modelo Clínica geral)\nQueixa principal: Marcador fevereiro');
    expect(section).toContain('[A3 05/01/2026] Consulta (modelo Clínica geral)\nQueixa principal: Marcador janeiro');
    expect(section.indexOf('[A1 ')).toBeLessThan(section.indexOf('[A2 '));
    expect(section.indexOf('[A2 ')).toBeLessThan(section.indexOf('[A3 '));
    expect(section).toContain('Diagnósticos confirmados (CID-10): I10 Hipertensão essencial (primária)\n');
    expect(section).not.toContain('R51');
    for (const left of ['novembro', 'rascunho', 'outro paciente', 'outra profissional']) {
      expect(prompt).not.toContain(`Marcador ${left}`);
    }
    // A long field is cut, an empty one left out, and a first visit's material stays as it was.
    expect(section).toContain('História da doença atual: Cefaleia tensional desde a adolescência, com crises');
    expect(section).toContain('[…]');
    expect(section).not.toContain('FIM-DO-TEXTO');
    const february = section.slice(section.indexOf('[A2 '), section.indexOf('[A3 '));
    expect(february).not.toContain('Conduta');
    expect(section).toMatch(/^## Consultas anteriores\nNotas de consultas anteriores já concluídas/);

    expect(stored.provenance.inputs.earlier_consultations).toEqual([
      { consultation_id: earlier.march, version: 1 },
      { consultation_id: earlier.february, version: 1 },
      { consultation_id: earlier.january, version: 1 },
    ]);
    // A cited earlier note is a source of the field (an unknown label, none); other fields cite none.
    const hda = stored.fields.find((field) => field.field_id === 'hda')!;
    expect(hda.sources.consultations).toEqual([
      { consultation_id: earlier.march, date: '2026-03-12' },
      { consultation_id: earlier.february, date: '2026-02-10' },
    ]);
    expect(hda.sources.transcript).toEqual([{ seq: 1, start: 8, end: 16 }]);
    expect(stored.fields[0]!.sources).not.toHaveProperty('consultations');
  });

  it('gives the same notes to a document, whose parts may cite them', async () => {
    const { a, fixture } = setup;
    const { scene, earlier } = await generateReturnVisit();
    fixture.respond = () => ({
      json: {
        what_to_do: [{ text: 'Manter a losartana como na consulta anterior.', sources: ['A1', 'T2'] }],
        warning_signs: [],
        when_to_return: { text: '', sources: [] },
      },
    });
    const { id } = await startDocument(a.app, scene.user.headers, scene.consultationId, 'orientacoes');
    const document = await settledDocument(a.app, scene.user.headers, scene.consultationId, id);
    scene.client.close();

    expect(promptOf(fixture.requests.at(-1)!.body)).toContain('[A1 12/03/2026] Retorno (modelo Clínica geral)');
    expect(document.status).toBe('ready');
    expect(document.provenance.inputs.earlier_consultations).toHaveLength(3);
    expect(document.content).toMatchObject({
      what_to_do: [{ sources: { consultations: [{ consultation_id: earlier.march, date: '2026-03-12' }] } }],
    });
  });

  it('adds no section on a first visit', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase);
    fixture.respond = answerWith(() => 'Texto');
    const { id } = (
      await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId)
    ).json<TAnamnesisVersion>();
    const stored = await settledVersion(a.app, scene.user.headers, scene.consultationId, id);
    scene.client.close();
    expect(promptOf(fixture.requests.at(-1)!.body)).not.toContain('Consultas anteriores');
    expect(stored.provenance.inputs.earlier_consultations).toEqual([]);
  });
});
