import { describe, expect, it } from 'vitest';
import { estimateMessagesTokens, estimateTokens } from './estimate-tokens';

describe('estimateTokens', () => {
  it('counts about one token for every three characters, rounding up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('dor')).toBe(1);
    expect(estimateTokens('Paciente relata cefaleia.')).toBe(9);
    expect(estimateTokens('a'.repeat(300_000))).toBe(100_000);
  });

  it('adds each message overhead for a conversation', () => {
    const messages = [
      { role: 'system' as const, content: 'abc' },
      { role: 'user' as const, content: 'abcdef' },
    ];
    expect(estimateMessagesTokens(messages)).toBe(4 + 1 + 4 + 2);
  });
});
