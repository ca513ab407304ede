import { estimateMessagesTokens, estimateTokens } from '../../providers/llm/estimate-tokens';
import type { LlmMessage, LlmProvider } from '../../providers/llm/llm-provider';
import { generationFailures } from './generation-failure';

// The labels are what lets a field of the note still cite the segment it came from.
const CONDENSE_RULES = `Regras de formato:
- Responda só com o resumo, em português do Brasil, sem introdução.
- Comece cada frase do resumo com os rótulos entre colchetes dos trechos de onde ela vem, como aparecem no texto, sem o horário: por exemplo [T12] ou [T12][T13]. Nunca invente rótulos.
- Mantenha todo dado clínico: queixas, tempos, sintomas, medicamentos e doses, alergias, antecedentes, exames, valores, condutas.`;

// Parts condensed at once: each is one request to the provider.
const PARALLEL_PARTS = 4;
// A round that does not shrink the text below this share of it will not make it fit.
const MIN_SHRINK = 0.9;
const MAX_ROUNDS = 3;

export interface FitRequest {
  llm: LlmProvider;
  contextTokens: number;
  /** Tokens kept free for the answer. */
  answerTokens: number;
  /** The whole conversation with the given transcript text. */
  messagesWith(transcript: string): LlmMessage[];
  /** The active `condense` prompt's text, read only when needed. */
  condensePrompt(): Promise<string>;
  signal?: AbortSignal;
}

/**
 * The transcript text to send: as is when the conversation fits the model's context, else condensed in parts
 * (each part summarised on its own, keeping its segment labels), round after round until it fits. Never cut:
 * when it cannot fit, the generation fails saying so.
 */
export async function fitTranscript(
  transcript: string,
  request: FitRequest,
): Promise<{ transcript: string; isCondensed: boolean }> {
  const room = request.contextTokens - request.answerTokens;
  if (estimateMessagesTokens(request.messagesWith(transcript)) <= room) return { transcript, isCondensed: false };
  const budget = room - estimateMessagesTokens(request.messagesWith(''));
  if (budget <= 0) throw generationFailures.tooLong();
  const prompt = `${await request.condensePrompt()}\n\n${CONDENSE_RULES}`;
  // Each part and its summary must fit the context together.
  const partTokens = Math.floor((request.contextTokens - estimateTokens(prompt)) / 2) - 50;
  if (partTokens <= 0) throw generationFailures.tooLong();
  let text = transcript;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const parts = splitLines(text, partTokens);
    const condensed = (await mapInBatches(parts, PARALLEL_PARTS, (part) => condensePart(request, prompt, part))).join(
      '\n',
    );
    if (estimateTokens(condensed) <= budget) return { transcript: condensed, isCondensed: true };
    if (condensed.length > text.length * MIN_SHRINK) break;
    text = condensed;
  }
  throw generationFailures.tooLong();
}

async function condensePart(request: FitRequest, prompt: string, part: string): Promise<string> {
  const { text } = await request.llm.completeText({
    messages: [
      { role: 'system', content: prompt },
      { role: 'user', content: part },
    ],
    signal: request.signal,
  });
  return text;
}

/** Consecutive lines grouped into parts of at most `maxTokens` (a longer line is a part of its own). */
function splitLines(text: string, maxTokens: number): string[] {
  const parts: string[] = [];
  let current: string[] = [];
  let tokens = 0;
  for (const line of text.split('\n')) {
    const lineTokens = estimateTokens(line) + 1;
    if (current.length > 0 && tokens + lineTokens > maxTokens) {
      parts.push(current.join('\n'));
      current = [];
      tokens = 0;
    }
    current.push(line);
    tokens += lineTokens;
  }
  if (current.length > 0) parts.push(current.join('\n'));
  return parts;
}

async function mapInBatches<T, R>(items: T[], size: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(map))));
  }
  return results;
}
