import type { TDocumentKind } from '@escriba/contract';
import { expect, type APIRequestContext } from '@playwright/test';

// An answer watched while it is written: the language model fixture stops it midway until the test releases it, so
// the page is seen with its first parts shown and the others awaited, however slow the machine. The fixture runs in
// Playwright's main process; global-setup.ts hands the workers its address.

/**
 * Words a test writes to hold an answer midway: in a document's instructions (the page shows them as asked), or as a
 * line of the consultation's context for the whole note.
 */
export const HOLD_INSTRUCTION = 'pause no meio da resposta';

/** What a test releases: a document by its kind, or the whole note. */
export type HeldAnswer = TDocumentKind | 'anamnese';

/** Where the fixture stops an answer (its `hold`) and the key that lets it go on. */
export interface AnswerHold {
  key: HeldAnswer;
  afterCharacters: number;
}

/** The hold of an answer after its first `parts` properties. */
export function holdAfterParts(key: HeldAnswer, content: object, parts: number): AnswerHold {
  const written = Object.entries(content).slice(0, parts);
  // The serialized answer begins as the object of these properties does, up to its closing brace.
  return { key, afterCharacters: JSON.stringify(Object.fromEntries(written)).length - 1 };
}

/**
 * Lets the held answer go on to its end. A page can say it is writing before its request reaches the model, so the
 * release is tried again (the fixture answers 404) until the answer is held.
 */
export async function releaseAnswer(request: APIRequestContext, key: HeldAnswer): Promise<void> {
  await expect
    .poll(async () => (await request.post(`${process.env.E2E_LLM_ORIGIN}/holds/${key}/release`)).status(), {
      message: `an answer held as ${key}`,
    })
    .toBe(200);
}
