import type { TAnamnesisVersion } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
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
import type { ChatRequestBody } from '../../../test/llm-fixture';
import { estimateMessagesTokens } from '../../providers/llm/estimate-tokens';
import type { LlmMessage } from '../../providers/llm/llm-provider';

const CONTEXT_TOKENS = 6_000;
const setup = useGenerationSetup((config) => ({ ...config, llm: { ...config.llm, contextTokens: CONTEXT_TOKENS } }));

// 60 minutes in 8 s chunks, after the scene's first three.
const CHUNKS = 450;
const line = (seq: number) =>
  `Trecho ${seq}: a paciente descreve a dor de cabeça, o uso de dipirona 500 mg, sem febre, com náuseas às vezes.`;

const isCondense = (body: ChatRequestBody) => requestedFields(body).length === 0;
/** A summary citing the first two segments of the part it was given, as the condense prompt asks. */
function condensed(body: ChatRequestBody): string {
  const seqs = [...promptOf(body).matchAll(/\[T(\d+) /g)].map((match) => match[1]);
  return `[T${seqs[0]}][T${seqs[1]}] Cefaleia com náuseas; dipirona 500 mg; nega febre.`;
}

describe('a 60-minute consultation', () => {
  it('is condensed in parts before generation, keeping segment labels so every source still resolves', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase);
    await addChunks(
      a.app,
      scene.consultationId,
      Array.from({ length: CHUNKS }, (_, index) => line(index + 3)),
      3,
    );
    const structured = answerWith(
      (id) => `Texto ${id}`,
      () => ['T3', 'T303', 'T9999'],
    );
    fixture.respond = (body) => (isCondense(body) ? { content: condensed(body) } : structured(body));
    const requestsBefore = fixture.requests.length;
    const { id } = (
      await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId)
    ).json<TAnamnesisVersion>();
    const stored = await settledVersion(a.app, scene.user.headers, scene.consultationId, id, 30_000);
    expect(stored.status).toBe('ready');

    const requests = fixture.requests.slice(requestsBefore).map((request) => request.body);
    const condenses = requests.filter(isCondense);
    expect(condenses.length).toBeGreaterThan(2);
    // Every part, and the final request, fit the context; the parts cover the whole transcript, in order.
    for (const body of requests) {
      expect(estimateMessagesTokens(body.messages as LlmMessage[])).toBeLessThan(CONTEXT_TOKENS);
    }
    const parts = condenses.map(promptOf).join('\n');
    expect(parts).toContain(line(3));
    expect(parts).toContain(line(CHUNKS + 2));
    expect(parts).toMatch(/\[T452 1:00:16–1:00:24\]/);
    const final = promptOf(requests.at(-1)!);
    expect(final).toContain('[T0][T1] Cefaleia com náuseas');
    expect(final).not.toContain(line(200));

    expect(stored.provenance.inputs.condensed).toBe(true);
    expect(stored.provenance.prompts.map((prompt) => prompt.purpose)).toEqual(['anamnesis', 'diagnoses', 'condense']);
    // Sources resolve to the original segments' times; the invented one is dropped.
    expect(stored.fields[0]!.sources.transcript).toEqual([
      { seq: 3, start: 24, end: 32 },
      { seq: 303, start: 2424, end: 2432 },
    ]);
    scene.client.close();
  });

  it('fails, refunded, rather than cut a transcript that condensing cannot make fit', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase, { credits: 1 });
    await addChunks(
      a.app,
      scene.consultationId,
      Array.from({ length: CHUNKS }, (_, index) => line(index + 3)),
      3,
    );
    // A "summary" as long as what it was given.
    fixture.respond = (body) =>
      isCondense(body) ? { content: promptOf(body), tokenSize: 4_000 } : answerWith(() => 'x')(body);
    const { id } = (
      await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId)
    ).json<TAnamnesisVersion>();
    const failed = await settledVersion(a.app, scene.user.headers, scene.consultationId, id, 30_000);
    expect(failed.status).toBe('failed');
    expect(failed.failure).toContain('não cabe no contexto do modelo configurado (LLM_CONTEXT_TOKENS)');
    expect(
      await scene.client.next((message) => message.type === 'system' && message.status_code === 413),
    ).toBeDefined();
    expect(await balanceOf(a.app, scene.user.user.id)).toBe(1);
    scene.client.close();
  });
});
