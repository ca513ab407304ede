import type { LlmMessage } from './llm-provider';

// A rough figure, not a tokenizer: Portuguese takes somewhat more tokens per character than English (accents,
// longer words split in pieces), around 3.5 to 4 characters a token with recent vocabularies and fewer with older
// ones. Three errs on the side of condensing a transcript that might just have fit.
const CHARACTERS_PER_TOKEN = 3;
// Each message also spends a few tokens on its role and delimiters.
const TOKENS_PER_MESSAGE = 4;

/** An upper-leaning estimate of the tokens a Portuguese text takes, to decide whether it must be condensed. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}

/** estimateTokens over a whole conversation, with each message's overhead. */
export function estimateMessagesTokens(messages: readonly LlmMessage[]): number {
  return messages.reduce((total, message) => total + TOKENS_PER_MESSAGE + estimateTokens(message.content), 0);
}
