import type { TAnamnesisVersion } from '@escriba/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addChunks,
  answerWith,
  balanceOf,
  createOwnTemplate,
  getAnamnesis,
  grant,
  LINES,
  postGeneration,
  settledVersion,
  useGenerationSetup,
} from '../../../test/anamnesis-test-setup';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';

const setup = useGenerationSetup();

describe('POST /user/consultations/{id}/anamnesis/{type} with an Idempotency-Key', () => {
  it('starts one generation and spends one credit for a repeated key, answering the repeat the same version', async () => {
    const { a, fixture } = setup;
    fixture.respond = answerWith((id) => `Texto ${id}`);
    const user = await createLoggedInUser(a.app);
    await grant(a.app, user.user.id, 5);
    const templateId = await createOwnTemplate(a.app, user.user.id);
    const consultation = await createTestConsultation(a.app, user.headers);
    await addChunks(a.app, consultation.id, LINES);
    const before = await balanceOf(a.app, user.user.id);

    const headers = { ...user.headers, 'idempotency-key': randomUUID() };
    const first = await postGeneration(a.app, headers, consultation.id, templateId);
    const repeat = await postGeneration(a.app, headers, consultation.id, templateId);
    expect(first.statusCode, first.body).toBe(202);
    expect(repeat.statusCode, repeat.body).toBe(202);
    expect(repeat.json()).toEqual(first.json());

    const version = first.json<TAnamnesisVersion>();
    expect((await settledVersion(a.app, user.headers, consultation.id, version.id)).status).toBe('ready');
    expect((await getAnamnesis(a.app, user.headers, consultation.id)).versions).toHaveLength(1);
    expect(await balanceOf(a.app, user.user.id)).toBe(before - a.app.config.credits.generationCost);
  });
});
