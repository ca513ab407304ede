import type { TAnamnesisVersion } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import {
  addChunks,
  addTranscriptEvidence,
  answerWith,
  createGenerationScene,
  LINES,
  postGeneration,
  promptOf,
  settledVersion,
  useGenerationSetup,
} from '../../../test/anamnesis-test-setup';

const setup = useGenerationSetup();
type Scene = Awaited<ReturnType<typeof createGenerationScene>>;

/**
 * Generates a note citing T1 from the stored transcript's `texts` (then whatever `change` does) and answers the
 * prompt the model got and the stored version.
 */
async function generate(texts: string[], change?: (scene: Scene) => Promise<void>) {
  const { a, fixture, socketBase } = setup;
  const scene = await createGenerationScene(a.app, socketBase);
  await addTranscriptEvidence(a.app, scene.consultationId, texts);
  await change?.(scene);
  fixture.respond = answerWith(
    () => 'Texto',
    () => ['T1'],
  );
  const { id } = (
    await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId)
  ).json<TAnamnesisVersion>();
  const stored = await settledVersion(a.app, scene.user.headers, scene.consultationId, id);
  scene.client.close();
  return { prompt: promptOf(fixture.requests.at(-1)!.body), stored };
}

describe('the transcript the model reads', () => {
  it('is the stored transcript’s version, labelled by segment while it keeps one line per chunk', async () => {
    const corrected = [LINES[0]!, 'A dor piora à noite e melhora com paracetamol.', LINES[2]!].join('\n');
    const { prompt, stored } = await generate([LINES.join('\n'), corrected]);
    expect(prompt).toContain('[T1 00:08–00:16] A dor piora à noite e melhora com paracetamol.');
    expect(prompt).not.toContain('dipirona');
    expect(stored.provenance.inputs.transcript).toMatchObject({ version: 2 });
    expect(stored.fields[0]!.sources.transcript).toEqual([{ seq: 1, start: 8, end: 16 }]);
  });

  it('has a line corrected in place with its times, and lines recorded after it as recorded', async () => {
    const { prompt, stored } = await generate([LINES.join('\n')], async ({ user, consultationId }) => {
      const { app } = setup.a;
      const corrected = await app.inject({
        method: 'PUT',
        url: `/api/v1/user/consultations/${consultationId}/evidences/transcript/segments/1`,
        headers: user.headers,
        payload: { text: 'A dor piora à noite e melhora com paracetamol.' },
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
      await addChunks(app, consultationId, ['Nega febre.'], LINES.length);
    });
    expect(prompt).toContain('[T1 00:08–00:16] A dor piora à noite e melhora com paracetamol.');
    expect(prompt).not.toContain('dipirona');
    expect(prompt).toContain(`[T${LINES.length} 00:${8 * LINES.length}–00:${8 * LINES.length + 8}] Nega febre.`);
    expect(stored.provenance.inputs.transcript).toMatchObject({ version: 2 });
    expect(stored.fields[0]!.sources.transcript).toEqual([{ seq: 1, start: 8, end: 16 }]);
  });

  it('is the correction whole, without times, once its lines no longer match the chunks', async () => {
    const corrected = `${LINES.join(' ')}\nObservação do médico acrescentada.`;
    const { prompt, stored } = await generate([LINES.join('\n'), corrected]);
    expect(prompt).toContain(`## Transcrição da consulta\n${corrected}\n`);
    expect(prompt).not.toContain('[T1 ');
    expect(stored.fields[0]!.sources.transcript).toEqual([]);
  });
});
