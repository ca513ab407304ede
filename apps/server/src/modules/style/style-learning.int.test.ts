import { NOT_INFORMED } from '@escriba/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGenerationScene, promptOf, useGenerationSetup } from '../../../test/anamnesis-test-setup';
import {
  edit,
  generated,
  isLearning,
  learnedPreferences,
  respondWith,
  stylePreferencesOf,
  type Scene,
} from '../../../test/style-test-setup';
import { waitUntil } from '../../../test/wait-until';
import { styleEditPairs } from '../../db/schema/index';

const setup = useGenerationSetup();

const pairsOf = (userId: string) =>
  setup.a.app.db.select().from(styleEditPairs).where(eq(styleEditPairs.userId, userId));

const learningRequests = () => setup.fixture.requests.filter((request) => isLearning(request.body));

/** A professional with a note whose fields the assistant wrote: "Gerado {id}", the medicines "Não informado". */
async function sceneWithNote() {
  const { a, fixture, socketBase } = setup;
  fixture.respond = respondWith((id) => (id === 'medicacoes' ? NOT_INFORMED : `Gerado ${id}`), derived);
  const scene = await createGenerationScene(a.app, socketBase, { credits: 10 });
  scene.client.close();
  return { scene, note: await generated(a.app, scene) };
}

let derived: () => unknown[] = () => [];

/** Four of her edits of the assistant's text, then a fifth after the history is drafted again. */
async function fiveEdits(scene: Scene, note: { version: number }, prefix: string) {
  const { app } = setup.a;
  const first = await edit(app, scene, note.version, {
    queixa_principal: `${prefix} queixa`,
    hda: `${prefix} HDA`,
    alergias: `${prefix} alergias`,
  });
  await edit(app, scene, first.version, { hda: `${prefix} HDA revista` });
  const redone = await generated(app, scene, { field_id: 'hda' });
  const fourth = await edit(app, scene, redone.version, { hda: `${prefix} HDA de novo` });
  const fifthNote = await generated(app, scene, { field_id: 'queixa_principal' });
  return { fourth, fifth: () => edit(app, scene, fifthNote.version, { queixa_principal: `${prefix} queixa curta` }) };
}

describe('her edits of the assistant’s text', () => {
  it('are kept as pairs of generated and final text; editing her own edit again updates its pair', async () => {
    const { app } = setup.a;
    const { scene, note } = await sceneWithNote();
    const userId = scene.user.user.id;
    const first = await edit(app, scene, note.version, { hda: 'Cefaleia há 3 dias.', medicacoes: '- Losartana 50 mg' });
    expect(await pairsOf(userId)).toMatchObject([
      {
        consultationId: scene.consultationId,
        fieldId: 'hda',
        generatedText: 'Gerado hda',
        finalText: 'Cefaleia há 3 dias.',
        learned: false,
      },
    ]);

    await edit(app, scene, first.version, { hda: 'Cefaleia há 3 dias, pior à noite.' });
    expect(await pairsOf(userId)).toMatchObject([
      { fieldId: 'hda', generatedText: 'Gerado hda', finalText: 'Cefaleia há 3 dias, pior à noite.' },
    ]);

    // Drafted again by the assistant: her next edit is a new pair.
    const redone = await generated(app, scene, { field_id: 'hda' });
    await edit(app, scene, redone.version, { hda: 'HDA: cefaleia.' });
    const pairs = await pairsOf(userId);
    expect(pairs.map((pair) => [pair.generatedText, pair.finalText]).sort()).toEqual([
      ['Gerado hda', 'Cefaleia há 3 dias, pior à noite.'],
      ['Gerado hda', 'HDA: cefaleia.'],
    ]);
    expect(learningRequests()).toEqual([]);
  });
});

describe('learning her preferences', () => {
  it('derives at most eight from her own edits once five are new, never from another professional’s', async () => {
    const { app } = setup.a;
    const other = await sceneWithNote();
    await edit(app, other.scene, other.note.version, {
      queixa_principal: 'OUTRA queixa',
      hda: 'OUTRA HDA',
      alergias: 'OUTRAS alergias',
    });

    derived = () => [
      'prefere listas',
      'usa abreviações: HAS, DM2',
      'não repete a queixa na HDA',
      'prefere listas',
      'linha\ncom quebra',
      'x'.repeat(200),
      42,
      'frases curtas',
      'verbos no presente',
      'datas no formato dd/mm',
      'omite o que não foi dito',
      'cita a medicação com dose',
      'uma preferência a mais',
    ];
    const { scene, note } = await sceneWithNote();
    const userId = scene.user.user.id;
    const { fifth } = await fiveEdits(scene, note, 'DELA');
    expect(await pairsOf(userId)).toHaveLength(4);
    expect(learningRequests()).toEqual([]);
    await fifth();

    const learned = await learnedPreferences(app, scene);
    expect(learned).toMatchObject({
      enabled: true,
      items: [
        'prefere listas',
        'usa abreviações: HAS, DM2',
        'não repete a queixa na HDA',
        'linha com quebra',
        'frases curtas',
        'verbos no presente',
        'datas no formato dd/mm',
        'omite o que não foi dito',
      ],
    });
    const [request] = learningRequests();
    const prompt = promptOf(request!.body);
    expect(prompt).toContain('Texto do assistente:\nGerado hda\n\nTexto final do profissional:\nDELA HDA revista');
    expect(prompt).toContain('DELA queixa curta');
    expect(prompt).not.toContain('OUTRA');
    expect((await pairsOf(userId)).every((pair) => pair.learned)).toBe(true);
    expect((await pairsOf(other.scene.user.user.id)).some((pair) => pair.learned)).toBe(false);
    expect(await stylePreferencesOf(app, other.scene)).toEqual({ items: [], enabled: true, learned_at: null });
  });

  it('keeps her edits when the model fails, and learns from them when asked again', async () => {
    const { app } = setup.a;
    derived = () => ['prefere parágrafos curtos'];
    const { scene, note } = await sceneWithNote();
    const { fifth } = await fiveEdits(scene, note, 'ELA');
    const before = learningRequests().length;
    setup.fixture.enqueue({ status: 503, errorMessage: 'indisponível' });
    await fifth();
    await waitUntil(() => learningRequests().length > before, 'derivation asked');
    // The failed run queued itself again, later: nothing was stored, nothing marked.
    await waitUntil(
      async () => (await app.jobs.stats()).find((queue) => queue.name === 'learn-style')!.queued === 1,
      'derivation queued again',
    );
    expect(await stylePreferencesOf(app, scene)).toEqual({ items: [], enabled: true, learned_at: null });
    expect((await pairsOf(scene.user.user.id)).filter((pair) => !pair.learned)).toHaveLength(5);

    await app.jobs.expedite('learn-style', scene.user.user.id);
    const learned = await learnedPreferences(app, scene);
    expect(learned.items).toEqual(['prefere parágrafos curtos']);
  });

  it('waits while she has them off, and learns once she turns them back on', async () => {
    const { app } = setup.a;
    derived = () => ['usa tópicos'];
    const { scene, note } = await sceneWithNote();
    const off = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/me/style-preferences',
      headers: scene.user.headers,
      payload: { items: ['escrita própria'], enabled: false },
    });
    expect(off.statusCode).toBe(200);
    const { fifth } = await fiveEdits(scene, note, 'DESLIGADA');
    const before = learningRequests().length;
    await fifth();
    // The edit queued nothing: a run now would be the one turning them on starts.
    expect((await app.jobs.stats()).find((queue) => queue.name === 'learn-style')!.queued).toBe(0);
    expect(learningRequests()).toHaveLength(before);

    await app.inject({
      method: 'PUT',
      url: '/api/v1/user/me/style-preferences',
      headers: scene.user.headers,
      payload: { items: ['escrita própria'], enabled: true },
    });
    const learned = await learnedPreferences(app, scene);
    expect(learned.items).toEqual(['usa tópicos']);
    expect(promptOf(learningRequests().at(-1)!.body)).toContain('## Preferências atuais\n- escrita própria');
  });
});
