import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmFixture } from '../apps/server/test/llm-fixture';
import { createTestApp, type TestApp } from '../apps/server/test/test-app';
import { readCases, type EvalCase } from './case-file';
import { evaluate } from './evaluate';
import { referenceAnswer, type PlantedError } from './reference-answers';
import { formatReport } from './report';
import { templateFields } from './run-case';
import { runEvaluation } from './run-evaluation';

let fixture: LlmFixture;
let testApp: TestApp;
let cases: EvalCase[];

beforeAll(async () => {
  fixture = await LlmFixture.start();
  testApp = await createTestApp((config) => ({ ...config, llm: { ...config.llm, url: fixture.baseUrl } }));
  cases = await readCases();
});
afterAll(async () => {
  await testApp?.close();
  await fixture?.close();
});

const caseNamed = (id: string) => cases.find((each) => each.id === id)!;

async function scoreWith(evalCase: EvalCase, planted?: PlantedError) {
  fixture.respond = referenceAnswer(evalCase, planted);
  const [result] = await evaluate(testApp.app, [evalCase]);
  return result!.score!;
}

describe('the evaluation set', () => {
  it('holds at least twelve cases across the specialties, each fact in a field of its template', () => {
    expect(cases.length).toBeGreaterThanOrEqual(12);
    expect(new Set(cases.map((each) => each.specialty))).toEqual(
      new Set(['clínica', 'pediatria', 'pré-natal', 'saúde mental', 'cardiologia', 'dermatologia']),
    );
    for (const evalCase of cases) {
      const ids = templateFields(evalCase).map((field) => field.id);
      expect(ids, evalCase.id).toEqual(expect.arrayContaining([...evalCase.reference.keys()]));
      expect(evalCase.dialogue.some((turn) => turn.speaker === 'paciente' || turn.speaker === 'acompanhante')).toBe(
        true,
      );
    }
  });
});

describe('scoring against the chat-completions fixture', () => {
  it('gives a note holding every reference fact full marks and no false alarm, case by case, and prints the table', async () => {
    const results = [];
    for (const evalCase of cases) {
      fixture.respond = referenceAnswer(evalCase);
      results.push(...(await evaluate(testApp.app, [evalCase])));
    }
    const report = formatReport(results);
    // The figure the evaluation gives: the reference notes are right, so each unverified statement is a false alarm.
    console.log(report);
    for (const { evalCase, score } of results) {
      expect(score, evalCase.id).toMatchObject({
        missing: [],
        numbersWrong: [],
        negationsWrong: [],
        emptyFields: [],
        unverified: [],
        falseAlarms: [],
      });
      expect(score!.covered).toBe(score!.facts);
      expect(score!.tokens).toBeGreaterThan(0);
    }
    expect(report).toContain('Falsos alarmes (não verificadas que o caso diz certas): 0');
    expect(report).toContain(`total (${cases.length}/${cases.length})`);
    for (const evalCase of cases) expect(report).toContain(evalCase.id);
  }, 120_000);

  it('catches a changed number: a number nobody said, and the fact missing', async () => {
    const score = await scoreWith(caseNamed('01-cefaleia'), 'number');
    expect(score.numbersWrong).toEqual(['10']);
    expect(score.missing).toEqual(['3 semanas']);
    // The product's own check catches it too.
    expect(score.unverified).toEqual([{ text: '10 semanas.', reason: expect.stringContaining('10') as string }]);
    // A true alarm: the statement writes a number nobody said.
    expect(score.falseAlarms).toEqual([]);
  });

  it('catches a denied symptom written as present', async () => {
    const score = await scoreWith(caseNamed('01-cefaleia'), 'negation');
    expect(score.negationsWrong).toEqual(['nega náusea']);
    expect(score.numbersWrong).toEqual([]);
  });

  it('catches the wrong side', async () => {
    const score = await scoreWith(caseNamed('07-dermatologia-nevo'), 'side');
    expect(score.missing).toEqual(['antebraço esquerdo']);
  });

  it('catches a field left "Não informado" that the reference fills', async () => {
    const score = await scoreWith(caseNamed('03-pediatria'), 'empty');
    expect(score.emptyFields).toEqual(['identificacao']);
  });
});

describe('npm run eval', () => {
  it('runs the chosen cases against LLM_URL and prints the table', async () => {
    const cefaleia = caseNamed('01-cefaleia');
    const facts = [...cefaleia.reference.values()].flat().length;
    fixture.respond = referenceAnswer(cefaleia);
    const lines: string[] = [];
    const code = await runEvaluation(
      ['--case', '01-cefaleia'],
      { ...process.env, LLM_URL: fixture.baseUrl, LLM_MODEL: 'gpt-4o-mini' },
      { log: (line) => lines.push(line), error: (line) => lines.push(line) },
    );
    expect(code).toBe(0);
    const printed = lines.join('\n');
    expect(printed).toMatch(
      new RegExp(`01-cefaleia\\s+clínica\\s+${facts}/${facts} 100%\\s+0/\\d+\\s+0\\s+0\\s+0\\s+0\\s`),
    );
    expect(printed).toContain('Falsos alarmes (não verificadas que o caso diz certas): 0');
    expect(printed).toContain('total (1/1)');
  }, 90_000);
});
