import type { ServerResponse } from 'node:http';
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import type { ChatRequestBody, LlmFixtureAnswer } from './llm-fixture';

// Within the provider's idle timeout where streams are held: 30 s for the browser tests' server, 2 s in the fixture's test.
const KEEP_ALIVE_MS = 1_000;

/** Writes `answer` as a chat-completions event stream, waiting for `hold` where the answer holds. */
export async function streamAnswer(
  response: ServerResponse,
  body: ChatRequestBody,
  answer: LlmFixtureAnswer,
  hold: Promise<void> | undefined,
): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  // The events before the hold, then those after it: the bytes of each are sliced on their own.
  const parts = streamEvents(body, answer).map((events) =>
    answer.chunkBytes
      ? sliceBytes(Buffer.from(events.join('')), answer.chunkBytes)
      : events.map((event) => Buffer.from(event)),
  );
  let written = 0;
  for (const [index, pieces] of parts.entries()) {
    if (index > 0) await keptAliveUntil(response, hold);
    for (const piece of pieces) {
      if (response.destroyed) return;
      if (answer.cutAfterBytes !== undefined && written + piece.length >= answer.cutAfterBytes) {
        response.write(piece.subarray(0, answer.cutAfterBytes - written));
        // Give the bytes time to leave before the reset.
        await sleep(20);
        response.socket?.destroy();
        return;
      }
      response.write(piece);
      written += piece.length;
      // Yielding between writes lets them leave as separate packets, as a real stream's tokens do.
      await (answer.tokenDelayMs ? sleep(answer.tokenDelayMs) : setImmediate());
    }
  }
  response.end();
}

/**
 * Waits for a held stream's release, writing keep-alive comments meanwhile as servers do through a long silence, so
 * the client's idle timeout does not end a hold that lasts.
 */
async function keptAliveUntil(response: ServerResponse, hold: Promise<void> | undefined): Promise<void> {
  const timer = setInterval(() => {
    if (!response.destroyed) response.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  try {
    await hold;
  } finally {
    clearInterval(timer);
  }
}

/** The stream's events: one list, or two when the answer holds (the content split at its hold). */
function streamEvents(body: ChatRequestBody, answer: LlmFixtureAnswer): string[][] {
  const tool = body.tools?.[0]?.function;
  const base = {
    id: 'chatcmpl-fixture',
    object: 'chat.completion.chunk',
    created: 0,
    model: answer.model ?? body.model,
  };
  const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
  const chunk = (delta: unknown, finishReason: string | null = null) =>
    event({ ...base, choices: [{ index: 0, delta, finish_reason: finishReason }] });
  const text = answer.refusal ?? answerText(answer);
  const holdAt = answer.hold?.afterCharacters ?? text.length;
  const beforeHold = splitCharacters(text.slice(0, holdAt), answer.tokenSize ?? 8);
  const pieces = [...beforeHold, ...splitCharacters(text.slice(holdAt), answer.tokenSize ?? 8)];
  // The keep-alive and the role's chunk, then the content's pieces up to the hold.
  const heldAt = 2 + beforeHold.length;
  const split = (events: string[]) => (answer.hold ? [events.slice(0, heldAt), events.slice(heldAt)] : [events]);

  const events = [': keep-alive\n\n'];
  events.push(
    tool
      ? chunk({
          role: 'assistant',
          content: null,
          tool_calls: [
            { index: 0, id: 'call_fixture', type: 'function', function: { name: tool.name, arguments: '' } },
          ],
        })
      : chunk({ role: 'assistant', content: '' }),
  );
  for (const piece of pieces) {
    if (answer.refusal !== undefined) events.push(chunk({ refusal: piece }));
    else if (tool) events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
    else events.push(chunk({ content: piece }));
  }
  if (answer.hasErrorEvent)
    return split([...events, event({ error: { message: 'fixture failure', type: 'server_error' } })]);
  const finishReason = answer.finishReason === undefined ? (tool ? 'tool_calls' : 'stop') : answer.finishReason;
  if (finishReason !== null) events.push(chunk({}, finishReason));
  if (body.stream_options?.include_usage) events.push(event({ ...base, choices: [], usage: usageOf(body, pieces) }));
  if (!answer.omitDone) events.push('data: [DONE]\n\n');
  return split(events);
}

export function answerText(answer: LlmFixtureAnswer): string {
  return answer.content ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
}

export function usageOf(body: ChatRequestBody, pieces: string[]) {
  const promptCharacters = (body.messages ?? []).reduce((total, message) => total + message.content.length, 0);
  const promptTokens = Math.ceil(promptCharacters / 4);
  return { prompt_tokens: promptTokens, completion_tokens: pieces.length, total_tokens: promptTokens + pieces.length };
}

/** By code points, so a piece never holds half of a surrogate pair. */
export function splitCharacters(text: string, size: number): string[] {
  const characters = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < characters.length; start += size)
    pieces.push(characters.slice(start, start + size).join(''));
  return pieces;
}

function sliceBytes(bytes: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) pieces.push(bytes.subarray(start, start + size));
  return pieces;
}
