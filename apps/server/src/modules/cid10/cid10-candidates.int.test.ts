import { describe, expect, it } from 'vitest';
import { CLINICAL_PHRASES, missedPhrases } from '../../../test/clinical-phrases';
import { useTestApp } from '../../../test/test-app';
import { cid10Candidates, MAX_CANDIDATES } from './cid10-candidates';

const t = useTestApp();

const codesFor = async (...phrases: string[]) => (await cid10Candidates(t.app.db, phrases)).map((item) => item.code);

describe('cid10Candidates', () => {
  it('finds a condition by all its words, or by the most of them, the first words weighing more', async () => {
    // "hipertensão arterial sistêmica" is one of the search aliases of I10.
    expect((await codesFor('Hipertensão arterial sistêmica'))[0]).toBe('I10');
    // No description holds "tipo": "Cefaléia tensional" holds two of the three words, "Cefaléia" one.
    expect((await codesFor('Cefaleia do tipo tensional')).slice(0, 2)).toEqual(['G44.2', 'R51']);
    // "crônica" only qualifies: it finds nothing by itself.
    expect(await codesFor('Xyzzy crônica')).toEqual([]);
  });

  it('ranks the disease, not the qualifiers, and searches each of the hypothesis’s terms on its own', async () => {
    // Issue 31: "suspeita" matched "suspeitadas" (O35) and "pré" "prestada" (O32–O36); O14 was not offered.
    const codes = await codesFor(
      'Suspeita de pré-eclâmpsia com sinais de gravidade',
      'Pré-eclâmpsia grave',
      'Hipertensão gestacional com proteinúria significativa',
    );
    expect(codes[0]).toBe('O14.1');
    expect(codes).toContain('O14');
    expect(codes.filter((code) => /^O3[2-6]/.test(code))).toEqual([]);
  });

  it(`offers the expected family in the first three for ${CLINICAL_PHRASES.length} phrases as clinicians write them`, async () => {
    const missed = await missedPhrases((phrase) => codesFor(phrase));
    expect(missed).toEqual([]);
  });

  it('takes each phrase’s best matches in turns, each code once, at most MAX_CANDIDATES', async () => {
    const codes = await codesFor('Cefaleia do tipo tensional', 'cefaléia tensional', 'cefaleia');
    expect(codes.slice(0, 2)).toEqual(['G44.2', 'R51']);
    expect(new Set(codes).size).toBe(codes.length);
    expect(await codesFor('doença')).toHaveLength(MAX_CANDIDATES);
  });
});
