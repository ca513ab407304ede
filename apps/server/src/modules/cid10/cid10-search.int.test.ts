import type { TCid10Code } from '@escriba/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { CLINICAL_PHRASES, missedPhrases } from '../../../test/clinical-phrases';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { foldForSearch } from '../../platform/search-key';

const t = useTestApp();
let headers: Record<string, string>;
beforeAll(async () => {
  ({ headers } = await createLoggedInUser(t.app));
});

function search(query: Record<string, string>): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: '/api/v1/common/cid10', query, headers });
}

async function found(q: string, limit?: number): Promise<TCid10Code[]> {
  const response = await search(limit === undefined ? { q } : { q, limit: String(limit) });
  expect(response.statusCode).toBe(200);
  return response.json<TCid10Code[]>();
}

const codesOf = (items: TCid10Code[]) => items.map((item) => item.code);

describe('GET /api/v1/common/cid10 by code', () => {
  it('finds a code in any case, with or without its dot, written as in documents', async () => {
    const hypertension = { code: 'I10', description: 'Hipertensão essencial (primária)' };
    expect((await found('I10'))[0]).toEqual(hypertension);
    expect((await found('i10'))[0]).toEqual(hypertension);
    const pregnancy = {
      code: 'O10.0',
      description: 'Hipertensão essencial pré-existente complicando a gravidez, o parto e o puerpério',
    };
    expect((await found('O10.0'))[0]).toEqual(pregnancy);
    expect((await found('o100'))[0]).toEqual(pregnancy);
  });

  it('gives the exact code first, then the codes it begins, in code order', async () => {
    expect(codesOf(await found('I1', 8))).toEqual(['I10', 'I11', 'I11.0', 'I11.9', 'I12', 'I12.0', 'I12.9', 'I13']);
    expect(codesOf(await found('O10.', 3))).toEqual(['O10', 'O10.0', 'O10.1']);
    expect(codesOf(await found('a', 3))).toEqual(['A00', 'A00.0', 'A00.1']);
  });
});

describe('GET /api/v1/common/cid10 by words', () => {
  it('ignores case and accents', async () => {
    const items = await found('hipertensao');
    expect(items[0]).toEqual({ code: 'I10', description: 'Hipertensão essencial (primária)' });
    expect(await found('HIPERTENSÃO')).toEqual(items);
    for (const item of items) expect(foldForSearch(item.description)).toMatch(/\bhipertensao\b/);
  });

  it('needs every word, each whole or its start, whole words first', async () => {
    const items = await found('diab tipo 2', 50);
    // DATASUS calls E11 "não-insulino-dependente": "tipo 2" is one of the search aliases shipped with it.
    expect(items[0]).toEqual({ code: 'E11', description: 'Diabetes mellitus não-insulino-dependente' });
    expect(codesOf(items)).toEqual([
      'E11',
      ...['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => `E11.${d}`),
    ]);

    const both = await found('hipertensao gravidez', 50);
    expect(both.length).toBeGreaterThan(3);
    for (const item of both) expect(foldForSearch(item.description)).toMatch(/hipertens.*gravidez|gravidez.*hipertens/);

    // Little words other than the last are left out: "de" here, "do" in the description.
    expect((await found('fratura de femur'))[0]).toEqual({ code: 'S72', description: 'Fratura do fêmur' });

    const essential = await found('Hipertensão essencial');
    expect(codesOf(essential)).toEqual(['I10', 'O10.0']);
  });

  it('puts descriptions beginning with the first word first, categories before their subcategories', async () => {
    expect(codesOf(await found('asma', 5))).toEqual(['J45', 'J45.0', 'J45.1', 'J45.8', 'J45.9']);
    expect((await found('cefaleia'))[0]!.code).toBe('R51');
  });

  it('finds nothing for words in no description, and answers at most limit items', async () => {
    expect(await found('xyzzy')).toEqual([]);
    expect(await found('...')).toEqual([]);
    expect(await found('de')).toHaveLength(20);
    expect(await found('de', 50)).toHaveLength(50);
    expect(await found('de', 1)).toHaveLength(1);
  });
});

describe('GET /api/v1/common/cid10 by clinical phrases', () => {
  it('searches the disease; qualifiers of certainty, course and severity only break ties', async () => {
    // Issue 31: "suspeita" matched "suspeitadas" (O35); the disease was not found.
    expect(codesOf(await found('Suspeita de pré-eclâmpsia', 3))).toEqual(['O14.0', 'O14.1', 'O14.9']);
    // "com sinais de gravidade" is DATASUS's "grave": O14.1 first among the equals.
    expect((await found('pre-eclampsia com sinais de gravidade'))[0]!.code).toBe('O14.1');
    expect((await found('Episódio depressivo moderado'))[0]!.code).toBe('F32.1');
    // Qualifiers alone are searched as typed.
    expect((await found('suspeita')).length).toBeGreaterThan(0);
  });

  it('finds by the most of the words, earlier ones first, only when no description holds them all', async () => {
    expect((await found('Insuficiência cardíaca com fração de ejeção reduzida'))[0]!.code).toBe('I50');
    expect(await found('xyzzy aguda')).toEqual([]);
  });

  it(`gives the expected family in the first three for ${CLINICAL_PHRASES.length} phrases as clinicians write them`, async () => {
    const missed = await missedPhrases(async (phrase) => codesOf(await found(phrase, 3)));
    expect(missed).toEqual([]);
  });
});

describe('GET /api/v1/common/cid10 refuses', () => {
  it('a search without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/common/cid10?q=I10' });
    expect(response.statusCode).toBe(401);
  });

  it('an empty or missing q and a bad limit, naming the parameter', async () => {
    for (const query of [{}, { q: '' }, { q: '   ' }] as Record<string, string>[]) {
      const response = await search(query);
      expect(response.statusCode).toBe(422);
      expect(errorLocs(response)).toEqual([['querystring', 'q']]);
    }
    for (const limit of ['0', '51', 'dez', '1e1', '-1']) {
      const response = await search({ q: 'I10', limit });
      expect(response.statusCode).toBe(422);
      expect(errorLocs(response)).toEqual([['querystring', 'limit']]);
    }
    expect((await search({ q: 'x'.repeat(101) })).statusCode).toBe(422);
    expect((await search({ q: 'I10', page: '1' })).statusCode).toBe(422);
  });
});
