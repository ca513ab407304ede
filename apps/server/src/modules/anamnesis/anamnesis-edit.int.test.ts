import type { TAnamnesisVersion } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import {
  anamnesisUrl,
  answerWith,
  createGenerationScene,
  FIELDS,
  getAnamnesis,
  postGeneration,
  settledVersion,
  useGenerationSetup,
} from '../../../test/anamnesis-test-setup';
import { answerSchema } from './generation-prompt';

const setup = useGenerationSetup();

describe('editing the note', () => {
  it('stores the professional’s texts as a new version; a save over an older version is 409 and stores nothing', async () => {
    const { a, fixture, socketBase } = setup;
    const scene = await createGenerationScene(a.app, socketBase);
    const { headers } = scene.user;
    const put = (payload: object) =>
      a.app.inject({ method: 'PUT', url: anamnesisUrl(scene.consultationId), headers, payload });

    expect((await put({ base_version: 1, fields: [{ field_id: 'hda', text: 'x' }] })).statusCode).toBe(409);
    fixture.respond = answerWith(
      (id) => `Gerado ${id}`,
      () => ['T0'],
    );
    // A slow answer: while the generation runs, nothing is saved over it.
    fixture.enqueue({
      ...fixture.respond({ tools: [{ function: { parameters: answerSchema(FIELDS).jsonSchema } }] }),
      delayMs: 500,
    });
    const generated = (
      await postGeneration(a.app, headers, scene.consultationId, scene.templateId)
    ).json<TAnamnesisVersion>();
    expect((await put({ base_version: 1, fields: [{ field_id: 'hda', text: 'x' }] })).statusCode).toBe(409);
    const note = await settledVersion(a.app, headers, scene.consultationId, generated.id);

    const edit = await put({
      base_version: note.version,
      fields: [{ field_id: 'hda', text: 'Cefaleia há 3 dias, pior à noite.' }],
    });
    expect(edit.statusCode).toBe(200);
    const edited = edit.json<TAnamnesisVersion>();
    const written = 'Cefaleia há 3 dias, pior à noite.';
    expect(edited).toMatchObject({
      version: 2,
      kind: 'edit',
      status: 'ready',
      provenance: {
        ...note.provenance,
        reviews: [{ field_id: 'hda', text: written, action: 'edited', user_id: scene.user.user.id }],
      },
    });
    expect(edited.fields[1]).toEqual({
      ...note.fields[1],
      text: written,
      edited: true,
      statements: [
        { text: written, sources: note.fields[1]!.statements[0]!.sources, status: 'confirmed', reason: null },
      ],
    });
    expect(edited.fields.filter((_, index) => index !== 1)).toEqual(note.fields.filter((_, index) => index !== 1));

    // A second tab still on version 1.
    const stale = await put({ base_version: 1, fields: [{ field_id: 'alergias', text: 'Dipirona' }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toContain('agora na versão 2');
    expect(stale.json<{ detail: string }>().detail).toContain('Seu texto continua na tela');

    const unknown = await put({
      base_version: 2,
      fields: [
        { field_id: 'alergias', text: 'a' },
        { field_id: 'nada', text: 'b' },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      detail: [
        { loc: ['body', 'fields', 1, 'field_id'], msg: 'Este campo não existe na anamnese', type: 'value_error' },
      ],
    });
    expect((await put({ base_version: 2, fields: [] })).statusCode).toBe(422);
    expect((await put({ base_version: 2 })).statusCode).toBe(422);

    const anamnesis = await getAnamnesis(a.app, headers, scene.consultationId);
    expect(anamnesis.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(anamnesis.latest).toEqual(edited);
    expect(anamnesis.versions[1]!.fields.map((field) => field.text)).toEqual(
      FIELDS.map((field) => `Gerado ${field.id}`),
    );
    scene.client.close();
  });
});
