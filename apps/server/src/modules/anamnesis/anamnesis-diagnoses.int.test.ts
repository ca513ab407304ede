import type { TAnamnesisVersion, TFieldSources } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import type { ChatRequestBody, LlmFixtureAnswer } from '../../../test/llm-fixture';
import { PROMPT_SEEDS } from '../assistant-seeds/prompt-seeds';
import { NO_SOURCES } from '../generation/source-labels';
import { diagnosesOf, putDiagnoses } from '../../../test/diagnoses-test-setup';
import {
  answerWith,
  asksHypotheses,
  createGenerationScene,
  postGeneration,
  promptOf,
  requestedFields,
  settledVersion,
  useGenerationSetup,
  type AnswerHypothesis,
} from '../../../test/anamnesis-test-setup';
import { HYPOTHESES_KEY } from './note-hypotheses';

const setup = useGenerationSetup();
type Scene = Awaited<ReturnType<typeof createGenerationScene>>;

const TENSION_HEADACHE: AnswerHypothesis = {
  hipotese: 'Cefaleia do tipo tensional',
  termos: ['cefaléia tensional'],
  sources: ['T0', 'T1'],
};
const HYPERTENSION: AnswerHypothesis = { hipotese: 'Hipertensão arterial sistêmica', termos: [], sources: ['C', 'T2'] };
// Cites only labels the inputs do not carry: proposed from nothing, never offered a code.
const UNFOUNDED: AnswerHypothesis = { hipotese: 'Enxaqueca com aura', termos: ['enxaqueca'], sources: ['T99', 'E7'] };

const CHOICE_HEADING = '## Hipóteses e seus candidatos na CID-10';
const isCodeChoice = (body: ChatRequestBody) => promptOf(body).includes(CHOICE_HEADING);

/** The candidates the server offered each hypothesis (`h1`: ["G44.2", …]), read from the choice's prompt. */
function offeredCodes(body: ChatRequestBody): Record<string, string[]> {
  const sections = promptOf(body).split(/^### /m).slice(1);
  return Object.fromEntries(
    sections.map((section) => [
      section.slice(0, section.indexOf(':')),
      [...section.matchAll(/^- (\S+) /gm)].map((match) => match[1]!),
    ]),
  );
}

/** The whole note with `hypotheses` after its fields, then `codes` for the choice among candidates. */
function answering(
  hypotheses: AnswerHypothesis[],
  codes: Record<string, string>,
): (body: ChatRequestBody) => LlmFixtureAnswer {
  const note = answerWith(
    (id) => `Texto de ${id}`,
    () => ['T0'],
    hypotheses,
  );
  return (body) => (isCodeChoice(body) ? { json: codes } : note(body));
}

function sourcesOf(seqs: number[], userContext = false): TFieldSources {
  return {
    transcript: seqs.map((seq) => ({ seq, start: seq * 8, end: seq * 8 + 8 })),
    evidence: [],
    user_context: userContext,
  };
}

/** TENSION_HEADACHE as stored: the code the model chose, unconfirmed, with the hypothesis's sources. */
const SUGGESTED_TENSION_HEADACHE = {
  code: 'G44.2',
  description: 'Cefaléia tensional',
  confirmed: false,
  suggested: true,
  sources: sourcesOf([0, 1]),
};

async function generate(scene: Scene): Promise<TAnamnesisVersion> {
  const { a } = setup;
  const response = await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId);
  expect(response.statusCode).toBe(202);
  return settledVersion(a.app, scene.user.headers, scene.consultationId, response.json<TAnamnesisVersion>().id);
}

describe('the note’s diagnosis suggestions', () => {
  it('are the codes the model chose among the table’s candidates, stored with the note and their sources', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase);
    fixture.respond = answering([TENSION_HEADACHE, UNFOUNDED, HYPERTENSION], { h1: 'G44.2', h2: 'I10' });
    const requestsBefore = fixture.requests.length;
    const response = await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId);
    const { id } = response.json<TAnamnesisVersion>();

    // Stored with the note: the page reads them when `end` comes.
    await scene.client.next((message) => message.type === 'end' && message.anamnesis_id === id);
    expect(await diagnosesOf(a.app, scene.user.headers, scene.consultationId)).toEqual([
      SUGGESTED_TENSION_HEADACHE,
      {
        code: 'I10',
        description: 'Hipertensão essencial (primária)',
        confirmed: false,
        suggested: true,
        sources: sourcesOf([2], true),
      },
    ]);
    const stored = await settledVersion(a.app, scene.user.headers, scene.consultationId, id);
    expect(stored.status).toBe('ready');
    expect(stored.provenance.prompts.map((prompt) => prompt.purpose)).toEqual(['anamnesis', 'diagnoses']);

    // The note asks for the hypotheses after its fields, with the seeded prompt; the choice is a second, short answer.
    const [note, choice, ...more] = fixture.requests.slice(requestsBefore).map((request) => request.body);
    expect(more).toEqual([]);
    expect(asksHypotheses(note!)).toBe(true);
    const diagnosesPrompt = PROMPT_SEEDS.find((seed) => seed.purpose === 'diagnoses')!.text;
    expect(promptOf(note!)).toContain(diagnosesPrompt);
    expect(promptOf(note!)).toContain(`"${HYPOTHESES_KEY}" é a lista das hipóteses diagnósticas`);
    expect(promptOf(choice!)).toContain(diagnosesPrompt);
    // The name's words find the tension headache (two of its three) before the headache (one), as its wording does.
    expect(promptOf(choice!)).toContain(
      '### h1: Cefaleia do tipo tensional\n- G44.2 Cefaléia tensional\n- R51 Cefaléia\n',
    );
    expect(promptOf(choice!)).not.toContain('Enxaqueca');
    expect(promptOf(choice!)).not.toContain('Doutora, estou com dor de cabeça');
    const offered = offeredCodes(choice!);
    expect(Object.keys(offered)).toEqual(['h1', 'h2']);
    expect(offered.h2![0]).toBe('I10');
    // The schema holds each hypothesis to its own candidates, or none.
    const schema = choice!.response_format!.json_schema!.schema!;
    expect(schema.properties!.h2).toEqual({ type: 'string', enum: [...offered.h2!, ''] });

    // A field done again asks for no hypotheses and leaves them as they are.
    fixture.respond = answerWith(() => 'Refeita');
    const regeneration = await postGeneration(a.app, scene.user.headers, scene.consultationId, scene.templateId, {
      field_id: 'hda',
    });
    await settledVersion(a.app, scene.user.headers, scene.consultationId, regeneration.json<TAnamnesisVersion>().id);
    expect(asksHypotheses(fixture.requests.at(-1)!.body)).toBe(false);
    expect(requestedFields(fixture.requests.at(-1)!.body)).toEqual(['hda']);
    expect(await diagnosesOf(a.app, scene.user.headers, scene.consultationId)).toHaveLength(2);
    scene.client.close();
  });

  it('never stores a code the model invented or took from another hypothesis’s candidates', async () => {
    const { a, fixture } = setup;
    const scene = await createGenerationScene(a.app, undefined);
    // R51 is in the table, but was offered to the headache, not to the hypertension.
    fixture.respond = answering([TENSION_HEADACHE, HYPERTENSION], { h1: 'X99.9', h2: 'R51' });
    const requestsBefore = fixture.requests.length;
    expect((await generate(scene)).status).toBe('ready');
    expect(fixture.requests.slice(requestsBefore).filter((request) => isCodeChoice(request.body))).toHaveLength(1);
    expect(offeredCodes(fixture.requests.at(-1)!.body).h2).not.toContain('R51');
    expect(await diagnosesOf(a.app, scene.user.headers, scene.consultationId)).toEqual([]);

    // Nothing to choose among: no second answer, and no suggestion.
    fixture.respond = answering([{ hipotese: 'Xyzzy', termos: ['qwerty'], sources: ['T0'] }, UNFOUNDED], {});
    const before = fixture.requests.length;
    expect((await generate(scene)).status).toBe('ready');
    expect(fixture.requests.length - before).toBe(1);
    expect(await diagnosesOf(a.app, scene.user.headers, scene.consultationId)).toEqual([]);
  });

  it('never change a code the professional confirmed, and replace the earlier unconfirmed ones', async () => {
    const { a, fixture } = setup;
    const scene = await createGenerationScene(a.app, undefined);
    const { headers } = scene.user;
    fixture.respond = answering([{ hipotese: 'Cefaleia', termos: [], sources: ['T0'] }], { h1: 'R51' });
    await generate(scene);
    expect((await diagnosesOf(a.app, headers, scene.consultationId)).map((item) => item.code)).toEqual(['R51']);
    await putDiagnoses(a.app, headers, scene.consultationId, [
      { code: 'R51', confirmed: false },
      { code: 'I10', confirmed: true },
    ]);

    fixture.respond = answering([TENSION_HEADACHE, HYPERTENSION], { h1: 'G44.2', h2: 'I10' });
    await generate(scene);
    expect(await diagnosesOf(a.app, headers, scene.consultationId)).toEqual([
      {
        code: 'I10',
        description: 'Hipertensão essencial (primária)',
        confirmed: true,
        suggested: false,
        sources: NO_SOURCES,
      },
      SUGGESTED_TENSION_HEADACHE,
    ]);
  });

  it('are not stored by a failed generation, nor changed when the codes cannot be chosen', async () => {
    const { a, fixture } = setup;
    const scene = await createGenerationScene(a.app, undefined);
    const { headers } = scene.user;
    fixture.respond = answering([{ hipotese: 'Cefaleia', termos: [], sources: ['T0'] }], { h1: 'R51' });
    await generate(scene);
    const suggested = await diagnosesOf(a.app, headers, scene.consultationId);
    expect(suggested.map((item) => item.code)).toEqual(['R51']);

    // Hypotheses and codes the model would give, but the note's answer is malformed twice: the version fails.
    fixture.respond = answering([HYPERTENSION], { h1: 'I10' });
    const withoutField = { [HYPOTHESES_KEY]: [HYPERTENSION], queixa_principal: { text: 'Dor', sources: [] } };
    fixture.enqueue({ json: withoutField }, { json: withoutField });
    const before = fixture.requests.length;
    const failed = await generate(scene);
    expect(failed.status).toBe('failed');
    expect(fixture.requests.length - before).toBe(2);
    expect(await diagnosesOf(a.app, headers, scene.consultationId)).toEqual(suggested);

    // The note is written but the provider fails on the codes: the note stands, the suggestions are left as they were.
    fixture.respond = (body) => (isCodeChoice(body) ? { status: 500 } : answering([HYPERTENSION], { h1: 'I10' })(body));
    const note = await generate(scene);
    expect(note.status).toBe('ready');
    expect(note.fields.map((field) => field.text)).toContain('Texto de hda');
    expect(isCodeChoice(fixture.requests.at(-1)!.body)).toBe(true);
    expect(await diagnosesOf(a.app, headers, scene.consultationId)).toEqual(suggested);
  });
});
