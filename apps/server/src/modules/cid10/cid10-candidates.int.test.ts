import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { cid10Candidates, MAX_CANDIDATES } from './cid10-candidates';

const t = useTestApp();

const codesFor = async (...phrases: string[]) => (await cid10Candidates(t.app.db, phrases)).map((item) => item.code);

describe('cid10Candidates', () => {
  it('finds a condition by all its words, or by its first ones when no description has them all', async () => {
    // "hipertensão arterial sistêmica" is one of the search aliases of I10.
    expect((await codesFor('Hipertensão arterial sistêmica'))[0]).toBe('I10');
    expect((await codesFor('Cefaleia do tipo tensional'))[0]).toBe('R51');
    expect(await codesFor('Xyzzy crônica')).toEqual([]);
  });

  it('takes each phrase’s best matches in turns, each code once, at most MAX_CANDIDATES', async () => {
    const codes = await codesFor('Cefaleia do tipo tensional', 'cefaléia tensional', 'cefaleia');
    expect(codes.slice(0, 2)).toEqual(['R51', 'G44.2']);
    expect(new Set(codes).size).toBe(codes.length);
    expect(await codesFor('doença')).toHaveLength(MAX_CANDIDATES);
  });
});
