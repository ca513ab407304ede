import type { TAnamnesisVersion } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addChunks,
  answerWith,
  balanceOf,
  createOwnTemplate,
  grant,
  LINES,
  postGeneration,
  settledVersion,
  useGenerationSetup,
} from '../../../test/anamnesis-test-setup';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { creditMovements } from '../../db/schema/index';

const setup = useGenerationSetup();

describe('generation credits', () => {
  it('30 generations at once against a balance of 10: exactly 10 accepted, 20 answered 402, never below zero', async () => {
    const { a, fixture } = setup;
    fixture.respond = answerWith((id) => `Texto ${id}`);
    const user = await createLoggedInUser(a.app);
    await grant(a.app, user.user.id, 10);
    const templateId = await createOwnTemplate(a.app, user.user.id);
    const consultations = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const consultation = await createTestConsultation(a.app, user.headers);
        await addChunks(a.app, consultation.id, LINES);
        return consultation.id;
      }),
    );
    const responses = await Promise.all(consultations.map((id) => postGeneration(a.app, user.headers, id, templateId)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(10);
    expect(statuses.filter((status) => status === 402)).toHaveLength(20);
    const refused = responses.find((response) => response.statusCode === 402)!;
    expect(refused.json<{ detail: string }>().detail).toMatch(
      /^Créditos insuficientes: cada geração usa 1 crédito e seu saldo é 0\./,
    );
    expect(await balanceOf(a.app, user.user.id)).toBe(0);

    // The refused ones left nothing behind; the accepted ones all finish, and a balance of 0 is kept.
    const accepted = responses.flatMap((response, index) =>
      response.statusCode === 202 ? [[consultations[index]!, response.json<TAnamnesisVersion>().id] as const] : [],
    );
    for (const [consultationId, id] of accepted) {
      expect((await settledVersion(a.app, user.headers, consultationId, id)).status).toBe('ready');
    }
    const movements = await a.app.db.select().from(creditMovements).where(eq(creditMovements.userId, user.user.id));
    expect(movements.filter((movement) => movement.kind === 'spend')).toHaveLength(10);
    expect(await balanceOf(a.app, user.user.id)).toBe(0);
  });
});
