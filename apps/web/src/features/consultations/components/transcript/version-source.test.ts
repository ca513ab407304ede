import type { TTranscriptVersion } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { describeVersionSource } from './version-source';

const version = (source: TTranscriptVersion['source'], author_id: string | null): TTranscriptVersion => ({
  version: 2,
  text: 'Bom dia.',
  source,
  author_id,
  created_at: '2026-11-26T12:00:00.000Z',
});

describe('describeVersionSource', () => {
  it('says a recording made a version, never a person', () => {
    expect(describeVersionSource(version('recording', null), 'me')).toBe('gravação encerrada');
  });

  it('says who corrected it: the professional herself, or someone else', () => {
    expect(describeVersionSource(version('correction', 'me'), 'me')).toBe('corrigida por você');
    expect(describeVersionSource(version('correction', 'other'), 'me')).toBe('corrigida por outra pessoa');
  });
});
