import type { TStylePreferences } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRowsOf } from '../../../test/account-requests';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { stylePreferences, styleEditPairs } from '../../db/schema/index';
import { learnStyle } from './learn-style';

const t = useTestApp();
const URL = '/api/v1/user/me/style-preferences';

const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: URL, headers });
const put = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: URL, headers, payload });

describe('the writing preferences routes', () => {
  it('answer an empty list that is on before anything was learned or written', async () => {
    const { headers } = await createLoggedInUser(t.app);
    const response = await get(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [], enabled: true, learned_at: null });
  });

  it('keep her list as she left it (trimmed, repeated lines once) and whether it is on, audited', async () => {
    const { headers, user } = await createLoggedInUser(t.app);
    const body = { items: ['  prefere listas ', 'usa abreviações: HAS, DM2', 'prefere listas'], enabled: false };
    const saved = await put(headers, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected: TStylePreferences = {
      items: ['prefere listas', 'usa abreviações: HAS, DM2'],
      enabled: false,
      learned_at: null,
    };
    expect(saved.json()).toEqual(expected);
    expect((await get(headers)).json()).toEqual(expected);
    const audit = await auditRowsOf(t.app, user.id);
    expect(audit[0]).toMatchObject({ action: 'user.preferences_updated', details: { fields: ['style_preferences'] } });

    expect((await put(headers, { items: [], enabled: true })).json()).toEqual({
      ...expected,
      items: [],
      enabled: true,
    });
  });

  it('are one professional’s: another never sees nor changes them', async () => {
    const one = await createLoggedInUser(t.app);
    const other = await createLoggedInUser(t.app);
    await put(one.headers, { items: ['prefere parágrafos curtos'], enabled: true });
    expect((await get(other.headers)).json()).toEqual({ items: [], enabled: true, learned_at: null });
    await put(other.headers, { items: ['prefere listas'], enabled: false });
    expect((await get(one.headers)).json()).toMatchObject({ items: ['prefere parágrafos curtos'], enabled: true });
  });

  it('answer 401 without a valid session', async () => {
    for (const headers of [{}, { authorization: 'Bearer nao-existe' }] as Record<string, string>[]) {
      expect((await get(headers)).statusCode).toBe(401);
      expect((await put(headers, { items: [], enabled: true })).statusCode).toBe(401);
    }
  });

  it('refuse a bad list with 422 naming the field, storing nothing', async () => {
    const { headers } = await createLoggedInUser(t.app);
    await put(headers, { items: ['prefere listas'], enabled: true });
    const cases: [object, string[]][] = [
      [{ items: Array.from({ length: 9 }, (_, index) => `preferência ${index}`), enabled: true }, ['body', 'items']],
      [{ items: ['prefere listas', 'x'.repeat(121)], enabled: true }, ['body', 'items', '1']],
      [{ items: ['duas\nlinhas'], enabled: true }, ['body', 'items', '0']],
      [{ items: ['   '], enabled: true }, ['body', 'items', '0']],
      [{ items: [3], enabled: true }, ['body', 'items', '0']],
      [{ items: ['prefere listas'] }, ['body', 'enabled']],
      [{ enabled: true }, ['body', 'items']],
      [{ items: [], enabled: true, extra: 1 }, ['body', 'extra']],
    ];
    for (const [payload, loc] of cases) {
      const response = await put(headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const locs = response.json<{ detail: { loc: (string | number)[] }[] }>().detail.map((each) => each.loc);
      expect(locs, JSON.stringify(payload)).toContainEqual(loc);
    }
    expect((await get(headers)).json()).toMatchObject({ items: ['prefere listas'], enabled: true });
  });
});

describe('learning without a model', () => {
  it('loses nothing: her edits wait, unlearned, for a model', async () => {
    const { headers, user } = await createLoggedInUser(t.app);
    const consultation = await createTestConsultation(t.app, headers);
    const pairs = Array.from({ length: 6 }, (_, index) => ({
      userId: user.id,
      consultationId: consultation.id,
      fieldId: 'hda',
      generatedText: `Gerado ${index}`,
      finalText: `Final ${index}`,
    }));
    await t.app.db.insert(styleEditPairs).values(pairs);
    await learnStyle(t.app, user.id);
    const kept = await t.app.db.select().from(styleEditPairs).where(eq(styleEditPairs.userId, user.id));
    expect(kept.map((pair) => pair.learned)).toEqual(pairs.map(() => false));
    expect(await t.app.db.select().from(stylePreferences).where(eq(stylePreferences.userId, user.id))).toEqual([]);
  });
});
