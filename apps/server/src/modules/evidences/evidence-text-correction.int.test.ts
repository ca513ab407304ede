import type { TAnamnesisVersion, TEvidenceDetail } from '@escriba/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import {
  addTranscriptEvidence,
  answerWith,
  createGenerationScene,
  postGeneration,
  promptOf,
  settledVersion,
  useGenerationSetup,
} from '../../../test/anamnesis-test-setup';
import { createTestConsultation } from '../../../test/clinical-factories';
import { getEvidence } from '../../../test/evidence-test-requests';
import { createLoggedInUser } from '../../../test/factories';
import { evidences, evidenceVersions } from '../../db/schema/index';
import type { App } from '../../platform/services';

const setup = useGenerationSetup();
type Headers = Record<string, string>;

const PHOTO_TEXT = 'Creatinina O,9 mg/dL\nTSH 2 | uUI/mL';
const CORRECTED_PHOTO_TEXT = 'Creatinina 0,9 mg/dL\nTSH 2,1 uUI/mL';

const textUrl = (consultationId: string, evidenceId: string) =>
  `/api/v1/user/consultations/${consultationId}/evidences/${evidenceId}/text`;

function putText(app: App, headers: Headers, consultationId: string, evidenceId: string, payload: object) {
  return app.inject({ method: 'PUT', url: textUrl(consultationId, evidenceId), headers, payload });
}

/** A phone photo read by OCR (no pages), stored as its reading stores it. */
async function addPhotoEvidence(app: App, consultationId: string, status: 'ready' | 'reading' = 'ready') {
  const text = status === 'ready' ? PHOTO_TEXT : null;
  const [row] = await app.db
    .insert(evidences)
    .values({
      consultationId,
      kind: 'file',
      fileName: 'exame.jpg',
      contentType: 'image/jpeg',
      size: 1000,
      status,
      text,
    })
    .returning();
  if (text !== null) {
    await app.db.insert(evidenceVersions).values({ evidenceId: row!.id, version: 1, source: 'reading', text });
  }
  return row!.id;
}

async function scene() {
  const { app } = setup.a;
  const created = await createGenerationScene(app, setup.socketBase);
  const photoId = await addPhotoEvidence(app, created.consultationId);
  return { ...created, app, photoId };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** A note generated with every field citing `label`: the prompt the model got and the stored version. */
async function generateCiting({ app, user, client, consultationId, templateId }: Scene, label: string) {
  setup.fixture.respond = answerWith(
    () => 'Texto',
    () => [label],
  );
  const generation = await postGeneration(app, user.headers, consultationId, templateId);
  const stored = await settledVersion(app, user.headers, consultationId, generation.json<TAnamnesisVersion>().id);
  client.close();
  return { prompt: promptOf(setup.fixture.requests.at(-1)!.body), stored };
}

describe('PUT .../evidences/{evidenceId}/text', () => {
  it('stores a photo’s corrected text as a new version, keeps the reading, and generation reads the correction', async () => {
    const created = await scene();
    const { app, user, consultationId, photoId } = created;
    const response = await putText(app, user.headers, consultationId, photoId, { text: `  ${CORRECTED_PHOTO_TEXT}\n` });
    expect(response.statusCode, response.body).toBe(200);
    const corrected = response.json<TEvidenceDetail>();
    expect(corrected).toMatchObject({ text: CORRECTED_PHOTO_TEXT, version: 2, original: { text: PHOTO_TEXT } });
    expect(corrected.versions).toEqual([
      expect.objectContaining({ version: 1, source: 'reading', author_id: null }),
      expect.objectContaining({ version: 2, source: 'correction', author_id: user.user.id }),
    ]);
    expect(await getEvidence(app, user.headers, consultationId, photoId)).toEqual(corrected);

    const { prompt, stored } = await generateCiting(created, 'E2');
    expect(prompt).toContain(`[E2 exame.jpg]\n${CORRECTED_PHOTO_TEXT}`);
    expect(prompt).not.toContain('Creatinina O,9');
    expect(stored.fields[0]!.sources.evidence).toEqual([{ evidence_id: photoId, file_name: 'exame.jpg', page: null }]);
  });

  it('corrects a PDF page by page: the other pages, the page numbers and the sources stay', async () => {
    const created = await scene();
    const { app, user, consultationId, evidenceId } = created;
    const response = await putText(app, user.headers, consultationId, evidenceId, {
      text: 'Glicemia 89 mg/dL.',
      page: 2,
    });
    expect(response.statusCode, response.body).toBe(200);
    const corrected = response.json<TEvidenceDetail>();
    expect(corrected.pages).toEqual([
      { page: 1, text: 'Hemograma normal.', ocr: false },
      { page: 2, text: 'Glicemia 89 mg/dL.', ocr: false },
    ]);
    expect(corrected.text).toBe('Hemograma normal.\n\nGlicemia 89 mg/dL.');
    expect(corrected.original?.pages?.[1]?.text).toBe('Glicemia 98 mg/dL.');

    const { prompt, stored } = await generateCiting(created, 'E1 p.2');
    expect(prompt).toContain('[E1 p.2 exame.pdf]\nGlicemia 89 mg/dL.');
    expect(prompt).not.toContain('Glicemia 98');
    expect(stored.fields[0]!.sources.evidence).toEqual([{ evidence_id: evidenceId, file_name: 'exame.pdf', page: 2 }]);
  });

  it('answers the same text sent twice at once with one new version, and a repeat of the stored text with none', async () => {
    const { app, user, client, consultationId, photoId } = await scene();
    client.close();
    const answers = await Promise.all(
      [1, 2].map(() => putText(app, user.headers, consultationId, photoId, { text: CORRECTED_PHOTO_TEXT })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const again = await putText(app, user.headers, consultationId, photoId, { text: CORRECTED_PHOTO_TEXT });
    expect(again.json<TEvidenceDetail>().versions.map((version) => version.version)).toEqual([1, 2]);
  });

  it('refuses a file still being read and the transcript with 409, saying why', async () => {
    const { app, user, client, consultationId } = await scene();
    client.close();
    const reading = await addPhotoEvidence(app, consultationId, 'reading');
    const whileReading = await putText(app, user.headers, consultationId, reading, { text: 'Creatinina 0,9' });
    expect(whileReading.statusCode).toBe(409);
    expect(whileReading.json<{ detail: string }>().detail).toMatch(/ainda está sendo lido/);

    await addTranscriptEvidence(app, consultationId, ['Doutora, estou com dor de cabeça há três dias.']);
    const [transcript] = await app.db
      .select()
      .from(evidences)
      .where(and(eq(evidences.consultationId, consultationId), eq(evidences.kind, 'transcript')));
    const ofTranscript = await putText(app, user.headers, consultationId, transcript!.id, { text: 'Outro texto' });
    expect(ofTranscript.statusCode).toBe(409);
  });

  it('refuses bad input with a 422 naming the field, writing nothing', async () => {
    const { app, user, client, consultationId, evidenceId: pdfId, photoId } = await scene();
    client.close();
    const cases: [string, object, string][] = [
      [photoId, { text: '   ' }, 'text'],
      [photoId, {}, 'text'],
      [photoId, { text: 'x'.repeat(500_001) }, 'text'],
      [photoId, { text: 'Creatinina\u0000 0,9' }, 'text'],
      [photoId, { text: 'Creatinina 0,9', page: 1 }, 'page'],
      [pdfId, { text: 'Glicemia 89 mg/dL.' }, 'page'],
      [pdfId, { text: 'Glicemia 89 mg/dL.', page: 3 }, 'page'],
      [pdfId, { text: 'Glicemia 89 mg/dL.', page: '2' }, 'page'],
    ];
    for (const [evidenceId, payload, field] of cases) {
      const response = await putText(app, user.headers, consultationId, evidenceId, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(errorLocs(response)).toEqual([['body', field]]);
    }
    for (const evidenceId of [photoId, pdfId]) {
      expect((await getEvidence(app, user.headers, consultationId, evidenceId)).version).toBe(1);
    }
  });

  it('answers 401 without a token and 404 for another professional’s evidence', async () => {
    const { app, user, client, consultationId, photoId } = await scene();
    client.close();
    const anonymous = await putText(app, {}, consultationId, photoId, { text: CORRECTED_PHOTO_TEXT });
    expect(anonymous.statusCode).toBe(401);

    const other = await createLoggedInUser(app);
    const ownConsultation = await createTestConsultation(app, other.headers);
    for (const id of [consultationId, ownConsultation.id]) {
      const response = await putText(app, other.headers, id, photoId, { text: CORRECTED_PHOTO_TEXT });
      expect(response.statusCode).toBe(404);
    }
    expect((await getEvidence(app, user.headers, consultationId, photoId)).text).toBe(PHOTO_TEXT);
  });
});
