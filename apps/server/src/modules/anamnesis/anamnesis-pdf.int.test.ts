import { describe, expect, it } from 'vitest';
import {
  createPdfScene,
  issuedToday,
  LETTERHEAD_TEXTS,
  NOTE_FIELDS,
  notePdfUrl,
  storeNote,
} from '../../../test/anamnesis-pdf-test-setup';
import { putDiagnoses } from '../../../test/diagnoses-test-setup';
import { sessionCookie } from '../../../test/evidence-test-requests';
import { createLoggedInUser } from '../../../test/factories';
import { pdfFonts, pdfInfoEntries, pdfPageCount, pdfText } from '../../../test/pdf-tools';
import { useTestApp } from '../../../test/test-app';

const testApp = useTestApp();

describe('GET /api/v1/user/consultations/{id}/anamnesis/pdf', () => {
  it('prints every item CFM 2.299/2021 asks for, the note in the template’s order and the AI line, in embedded fonts', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    await storeNote(app, owner.user.id, consultationId);

    const response = await app.inject({ method: 'GET', url: notePdfUrl(consultationId), headers: owner.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="anamnese-\d{4}-\d\d-\d\d\.pdf"/);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(pdf);
    for (const item of [
      ...LETTERHEAD_TEXTS,
      'Anamnese',
      'Clínica geral · consulta de',
      'Queixa principal',
      'Dor no peito há três dias, pior ao esforço.',
      'Refere pressão arterial ≥ 140/90 mmHg em aferições domiciliares.',
      'Nega dispneia e síncope.',
      'Não informado',
      'Solicitado ECG; retorno em 15 dias.',
      'Texto redigido com auxílio de assistente de inteligência artificial (Escriba) e revisado por',
      'Resolução CFM nº 2.454/2026',
      'Página 1 de 1',
    ]) {
      expect(text).toContain(item);
    }
    expect(text).toMatch(issuedToday());
    const titles = NOTE_FIELDS.map((field) => text.indexOf(field.title));
    expect(titles).toEqual([...titles].sort((a, b) => a - b));
    // Without a certificate: the line to sign by hand, over the name.
    expect(text).not.toContain('Assinado digitalmente');
    expect(text).toMatch(/Dra\. Mariana Conceição Tavares\s+CRM\/SP 123456 · RQE nº 45678\s+Página 1 de 1/);
    const fonts = await pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((font) => font.embedded)).toBe(true);
    // Unsigned too, what ITI's validator reads: a registro de atendimento clínico by CRM/SP 123456.
    expect(await pdfInfoEntries(pdf)).toMatchObject({
      Title: 'Anamnese',
      '2.16.76.1.12.1.6': '',
      '2.16.76.1.4.2.2.1': '123456',
      '2.16.76.1.4.2.2.2': 'SP',
    });
  });

  it('lists the CID-10 codes the professional confirmed, never a suggestion she did not', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    await storeNote(app, owner.user.id, consultationId);
    const saved = await putDiagnoses(app, owner.headers, consultationId, [
      { code: 'I10', confirmed: true },
      { code: 'G44.2', confirmed: false },
    ]);
    expect(saved.statusCode).toBe(200);

    const response = await app.inject({ method: 'GET', url: notePdfUrl(consultationId), headers: owner.headers });
    const text = await pdfText(response.rawPayload);
    expect(text).toMatch(/Hipóteses diagnósticas \(CID-10\)\s+I10 – Hipertensão essencial \(primária\)/);
    expect(text).not.toContain('G44.2');
  });

  it('flows a long note onto new pages, each headed again and numbered', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    const paragraph =
      'Paciente relata episódios de cefaleia pulsátil, com fotofobia e náuseas, aliviados com repouso. ';
    const long = Array.from({ length: 12 }, (_, index) => `${index + 1}. ${paragraph.repeat(4)}`).join('\n');
    await storeNote(app, owner.user.id, consultationId, { texts: { hda: `${long}\nFIM DO RELATO` } });

    const pdf = (await app.inject({ method: 'GET', url: notePdfUrl(consultationId), headers: owner.headers }))
      .rawPayload;
    const pages = await pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let page = 1; page <= pages; page++) {
      const text = await pdfText(pdf, { first: page, last: page });
      expect(text).toContain('CRM/SP 123456 · RQE nº 45678');
      expect(text).toContain('Paciente: João Antônio Araújo · CPF 529.982.247-25');
      expect(text).toContain(`Página ${page} de ${pages}`);
    }
    const whole = await pdfText(pdf);
    expect(whole).toContain('FIM DO RELATO');
    expect(whole.match(/Paciente relata episódios/g)).toHaveLength(48);
  });

  it('keeps the signature line with the note’s last lines, never alone on a page', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    // The line to sign needs about six lines' room: notes of these lengths end their first page too low for it.
    for (let lines = 22; lines <= 27; lines++) {
      const hda = Array.from({ length: lines }, (_, index) => `Registro ${index + 1} da evolução.`).join('\n');
      await storeNote(app, owner.user.id, consultationId, { version: lines, texts: { hda } });
      const pdf = (await app.inject({ method: 'GET', url: notePdfUrl(consultationId), headers: owner.headers }))
        .rawPayload;
      const pages = await pdfPageCount(pdf);
      const last = await pdfText(pdf, { first: pages, last: pages });
      expect(last, `${lines} linhas`).toMatch(
        /Resolução CFM nº 2\.454\/2026\.?\s+Dra\. Mariana Conceição Tavares\s+CRM\/SP 123456 · RQE nº 45678/,
      );
    }
  }, 60_000);

  it('names the patient by her social name and, without a CPF, by her health plan card', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app, {
      cpf: undefined,
      social_name: 'Joana Araújo',
      health_insurance: { name: 'Unimed', card_number: '0 123 456789' },
    });
    await storeNote(app, owner.user.id, consultationId);
    const pdf = (await app.inject({ method: 'GET', url: notePdfUrl(consultationId), headers: owner.headers }))
      .rawPayload;
    expect(await pdfText(pdf)).toContain(
      'Paciente: Joana Araújo (nome civil: João Antônio Araújo) · Carteirinha Unimed nº 0 123 456789',
    );
  });

  it('prints the latest ready version, and opens in a new tab with the session cookie', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    await storeNote(app, owner.user.id, consultationId);
    await storeNote(app, owner.user.id, consultationId, { version: 2, texts: { conduta: 'Conduta revisada à mão.' } });
    await storeNote(app, owner.user.id, consultationId, { version: 3, status: 'generating' });

    const response = await app.inject({
      method: 'GET',
      url: `${notePdfUrl(consultationId)}?download=1`,
      headers: sessionCookie(owner.session),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Conduta revisada à mão.');
    expect(text).not.toContain('Solicitado ECG');
  });

  it('answers 401 without a session, 404 for another professional’s consultation or one without a note, 422 for bad input', async () => {
    const { app } = testApp;
    const { owner, consultationId } = await createPdfScene(app);
    const url = notePdfUrl(consultationId);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url, headers: { cookie: 'session=nada' } })).statusCode).toBe(401);
    const noNote = await app.inject({ method: 'GET', url, headers: owner.headers });
    expect(noNote.statusCode).toBe(404);
    expect(noNote.json()).toEqual({ detail: 'Anamnese não encontrada' });
    await storeNote(app, owner.user.id, consultationId, { status: 'generating' });
    expect((await app.inject({ method: 'GET', url, headers: owner.headers })).statusCode).toBe(404);

    const other = await createLoggedInUser(app);
    await storeNote(app, owner.user.id, consultationId, { version: 2 });
    const foreign = await app.inject({ method: 'GET', url, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Consulta não encontrada' });
    expect(
      (await app.inject({ method: 'GET', url: notePdfUrl('nao-e-um-id'), headers: owner.headers })).statusCode,
    ).toBe(422);
    expect((await app.inject({ method: 'GET', url: `${url}?download=sim`, headers: owner.headers })).statusCode).toBe(
      422,
    );
  });
});
