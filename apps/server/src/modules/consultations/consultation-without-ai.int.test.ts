import type { TAnamnesisVersion, TConsultation } from '@escriba/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorLocs } from '../../../test/account-requests';
import { createTestConsultation } from '../../../test/clinical-factories';
import { createLoggedInUser } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { consultationUrl, postChunk } from '../../../test/transcription-requests';
import { silentWav } from '../../../test/speech';
import { createOwnTemplate, FIELDS } from '../../../test/anamnesis-test-setup';

const t = useTestApp();
type Login = Awaited<ReturnType<typeof createLoggedInUser>>;
let owner: Login;
let stranger: Login;
let templateId: string;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([createLoggedInUser(t.app), createLoggedInUser(t.app)]);
  templateId = await createOwnTemplate(t.app, owner.user.id);
});

const request = (
  method: 'PUT' | 'PATCH' | 'POST',
  consultationId: string,
  rest: string,
  payload?: object,
  headers: Record<string, string> = owner.headers,
) => t.app.inject({ method, url: consultationUrl(consultationId, rest), headers, ...(payload && { payload }) });

const withoutAi = () => createTestConsultation(t.app, owner.headers, { ai_enabled: false });

describe('a consultation without AI', () => {
  it('is chosen at creation and shown on the consultation', async () => {
    const consultation = await withoutAi();
    expect(consultation).toMatchObject({ ai_enabled: false, ai_consent: null, recording_consent: null });
    expect((await createTestConsultation(t.app, owner.headers)).ai_enabled).toBe(true);
  });

  it('refuses recording, transcription and generation with a 409 that says why', async () => {
    const consultation = await withoutAi();
    const chunk = await postChunk(t.app, owner.headers, consultation.id, 0, await silentWav(1));
    expect(chunk.statusCode).toBe(409);
    expect(chunk.json()).toEqual({
      detail: 'Consulta sem IA: a gravação e a transcrição estão desligadas. Escreva a anamnese à mão.',
    });
    const recording = await request('PATCH', consultation.id, '', { status: 'recording' });
    expect(recording.statusCode).toBe(409);
    expect(recording.json<{ detail: string }>().detail).toMatch(/^Consulta sem IA/);
    const generation = await request('POST', consultation.id, `/anamnesis/${templateId}`);
    expect(generation.statusCode).toBe(409);
    expect(generation.json()).toEqual({
      detail: 'Consulta sem IA: a geração pelo assistente está desligada. Escreva a anamnese à mão.',
    });
    const document = await request('POST', consultation.id, '/documents/atestado', { days: 1 });
    expect(document.statusCode).toBe(409);
    expect(document.json<{ detail: string }>().detail).toMatch(/^Consulta sem IA/);
  });

  it('takes a first note written by hand, then edits of it', async () => {
    const consultation = await withoutAi();
    const first = await request('PUT', consultation.id, '/anamnesis', {
      template_id: templateId,
      fields: [
        { field_id: 'hda', text: 'Tosse seca há uma semana.' },
        { field_id: 'queixa_principal', text: 'Tosse' },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const note = first.json<TAnamnesisVersion>();
    expect(note).toMatchObject({ version: 1, number: 1, kind: 'edit', status: 'ready' });
    expect(note.provenance).toMatchObject({ persona: null, prompts: [], model: null });
    expect(note.fields.map(({ field_id, text, edited }) => ({ field_id, text, edited }))).toEqual(
      FIELDS.map((field) => ({
        field_id: field.id,
        text: { hda: 'Tosse seca há uma semana.', queixa_principal: 'Tosse' }[field.id] ?? '',
        edited: true,
      })),
    );
    // A second tab starting its own first note gets a 409; the first one stays.
    const again = await request('PUT', consultation.id, '/anamnesis', {
      template_id: templateId,
      fields: [{ field_id: 'hda', text: 'Outro texto.' }],
    });
    expect(again.statusCode).toBe(409);
    const edit = await request('PUT', consultation.id, '/anamnesis', {
      base_version: 1,
      fields: [{ field_id: 'alergias', text: 'Nega alergias.' }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<TAnamnesisVersion>().version).toBe(2);
  });

  it('refuses a hand note naming no base nor template, or a field the template lacks (422)', async () => {
    const consultation = await withoutAi();
    const neither = await request('PUT', consultation.id, '/anamnesis', { fields: [{ field_id: 'hda', text: 'x' }] });
    expect(neither.statusCode).toBe(422);
    expect(errorLocs(neither)).toEqual([['body', 'base_version']]);
    const unknown = await request('PUT', consultation.id, '/anamnesis', {
      template_id: templateId,
      fields: [
        { field_id: 'hda', text: 'x' },
        { field_id: 'exame_fisico', text: 'y' },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorLocs(unknown)).toEqual([['body', 'fields', 1, 'field_id']]);
    const foreign = await request(
      'PUT',
      consultation.id,
      '/anamnesis',
      { template_id: templateId, fields: [{ field_id: 'hda', text: 'x' }] },
      stranger.headers,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('PATCH /user/consultations/{id} {"ai_enabled": …}', () => {
  it('turns AI off before anything was recorded, and on again', async () => {
    const consultation = await createTestConsultation(t.app, owner.headers);
    const off = await request('PATCH', consultation.id, '', { ai_enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<TConsultation>().ai_enabled).toBe(false);
    const on = await request('PATCH', consultation.id, '', { ai_enabled: true });
    expect(on.json<TConsultation>().ai_enabled).toBe(true);
  });

  it('keeps AI on once the consultation was recorded (409 naming ai_enabled)', async () => {
    const recorded = await createTestConsultation(t.app, owner.headers);
    await request('PUT', recorded.id, '/recording-consent');
    await postChunk(t.app, owner.headers, recorded.id, 0, await silentWav(1));
    const off = await request('PATCH', recorded.id, '', { ai_enabled: false });
    expect(off.statusCode).toBe(409);
    expect(errorLocs(off)).toEqual([['body', 'ai_enabled']]);
  });

  it('refuses a value that is not a boolean (422), another professional (404) and no session (401)', async () => {
    const consultation = await createTestConsultation(t.app, owner.headers);
    const bad = await request('PATCH', consultation.id, '', { ai_enabled: 'não' });
    expect(bad.statusCode).toBe(422);
    expect(errorLocs(bad)).toEqual([['body', 'ai_enabled']]);
    expect((await request('PATCH', consultation.id, '', { ai_enabled: false }, stranger.headers)).statusCode).toBe(404);
    expect((await request('PATCH', consultation.id, '', { ai_enabled: false }, {})).statusCode).toBe(401);
  });
});

describe('PUT /user/consultations/{id}/recording-consent with ai_processing', () => {
  it('records the consent to AI processing with the recording consent (who, when), once', async () => {
    const consultation = await createTestConsultation(t.app, owner.headers);
    const before = Date.now();
    const response = await request('PUT', consultation.id, '/recording-consent', { ai_processing: true });
    expect(response.statusCode, response.body).toBe(200);
    const confirmed = response.json<TConsultation>();
    expect(confirmed.recording_consent?.confirmed_by).toBe(owner.user.id);
    expect(confirmed.ai_consent).toEqual(confirmed.recording_consent);
    expect(Date.parse(confirmed.ai_consent!.confirmed_at)).toBeGreaterThanOrEqual(before - 1000);
    const again = await request('PUT', consultation.id, '/recording-consent', { ai_processing: true });
    expect(again.json<TConsultation>().ai_consent).toEqual(confirmed.ai_consent);
  });

  it('adds the AI consent to a recording consent given before, and takes no body as before', async () => {
    const consultation = await createTestConsultation(t.app, owner.headers);
    const recordingOnly = await request('PUT', consultation.id, '/recording-consent');
    expect(recordingOnly.statusCode).toBe(200);
    expect(recordingOnly.json<TConsultation>()).toMatchObject({ ai_consent: null });
    const ai = await request('PUT', consultation.id, '/recording-consent', { ai_processing: true });
    const consent = ai.json<TConsultation>();
    expect(consent.ai_consent?.confirmed_by).toBe(owner.user.id);
    expect(consent.recording_consent).toEqual(recordingOnly.json<TConsultation>().recording_consent);
  });

  it('refuses an unknown field (422), another professional (404) and no session (401)', async () => {
    const consultation = await createTestConsultation(t.app, owner.headers);
    const bad = await request('PUT', consultation.id, '/recording-consent', { ai: true });
    expect(bad.statusCode).toBe(422);
    expect(
      (await request('PUT', consultation.id, '/recording-consent', { ai_processing: true }, stranger.headers))
        .statusCode,
    ).toBe(404);
    expect((await request('PUT', consultation.id, '/recording-consent', { ai_processing: true }, {})).statusCode).toBe(
      401,
    );
  });
});
