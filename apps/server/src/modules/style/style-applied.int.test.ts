import type { TAnamnesisVersion } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGenerationScene, promptOf, useGenerationSetup } from '../../../test/anamnesis-test-setup';
import { answerDocuments, EXAMES_ANSWER, settledDocument, startDocument } from '../../../test/documents-test-setup';
import { generated, isLearning, respondWith, STYLE_URL, type Scene } from '../../../test/style-test-setup';
import { documentVersions } from '../../db/schema/index';

const setup = useGenerationSetup();

const PREFERENCES = ['prefere listas', 'usa abreviações: HAS, DM2'];
const BLOCK = `## Preferências de redação do profissional\n`;

function setPreferences(scene: Scene, enabled: boolean) {
  return setup.a.app.inject({
    method: 'PUT',
    url: STYLE_URL,
    headers: scene.user.headers,
    payload: { items: PREFERENCES, enabled },
  });
}

/** The version generated with `body`, and the prompt its model got. */
async function generate(scene: Scene, body?: object): Promise<{ stored: TAnamnesisVersion; prompt: string }> {
  const stored = await generated(setup.a.app, scene, body);
  const request = setup.fixture.requests.filter((each) => !isLearning(each.body)).at(-1)!;
  return { stored, prompt: promptOf(request.body) };
}

describe('her writing preferences in her generations', () => {
  it('are a labelled block of the prompt of her notes, fields redrafted and rewrites, recorded in the provenance', async () => {
    const { a, fixture, socketBase } = setup;
    fixture.respond = respondWith((id) => `Gerado ${id}`);
    const scene = await createGenerationScene(a.app, socketBase, { credits: 10 });
    scene.client.close();
    expect((await setPreferences(scene, true)).statusCode).toBe(200);

    for (const body of [undefined, { field_id: 'hda' }, { field_id: 'hda', instruction: 'Mais curto' }]) {
      const { stored, prompt } = await generate(scene, body);
      expect(prompt, JSON.stringify(body)).toContain(`${BLOCK}`);
      expect(prompt).toContain(PREFERENCES.map((item) => `- ${item}`).join('\n'));
      expect(stored.provenance.style_preferences).toEqual(PREFERENCES);
    }

    // Another professional's notes follow none of hers.
    const other = await createGenerationScene(a.app, socketBase);
    other.client.close();
    const { stored, prompt } = await generate(other);
    expect(prompt).not.toContain(BLOCK);
    expect(stored.provenance.style_preferences).toBeNull();
  });

  it('are left out once she turns them off, and the provenance says none', async () => {
    const { a, fixture, socketBase } = setup;
    fixture.respond = respondWith((id) => `Gerado ${id}`);
    const scene = await createGenerationScene(a.app, socketBase, { credits: 10 });
    scene.client.close();
    await setPreferences(scene, false);

    for (const body of [undefined, { field_id: 'alergias' }]) {
      const { stored, prompt } = await generate(scene, body);
      expect(prompt).not.toContain(BLOCK);
      expect(prompt).not.toContain(PREFERENCES[1]);
      expect(stored.provenance.style_preferences).toBeNull();
    }
  });

  it('are a labelled block of the prompt of her documents, recorded in their provenance', async () => {
    const { a, fixture, socketBase } = setup;
    fixture.respond = answerDocuments({ exames: EXAMES_ANSWER });
    const scene = await createGenerationScene(a.app, socketBase, { credits: 10 });
    scene.client.close();
    await setPreferences(scene, true);
    const started = await startDocument(a.app, scene.user.headers, scene.consultationId, 'exames');
    await settledDocument(a.app, scene.user.headers, scene.consultationId, started.id);
    expect(promptOf(fixture.requests.at(-1)!.body)).toContain(BLOCK);
    const [version] = await a.app.db
      .select({ provenance: documentVersions.provenance })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, started.id));
    expect(version!.provenance.style_preferences).toEqual(PREFERENCES);
  });
});
