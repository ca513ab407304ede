import type { TTokenResponse } from '@escriba/contract';
import { expect, test, type Page } from '@playwright/test';
import { startEmbedHost } from './support/embed-host';
import { createVerifiedUser } from './support/factories';
import { generateNote } from './support/generate-note';
import { APP_URL, EMBED_HOST_PORT, REFUSED_HOST_PORT } from './support/ports';
import { recordsFor } from './support/records';
import { shoot } from './support/screenshot';

type Received = {
  type: string;
  consultation_id: string;
  text?: string;
  fhir_url?: string;
  kind?: string;
  pdf_url?: string;
};
const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);

test('the panel inside a record system: log-in by pop-up, a recorded visit, the note and a PDF told to the host', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await createVerifiedUser(request, { name: 'Mariana Tavares' });
  const token = await request.post('/api/v1/token', { form: { username: user.email, password: user.password } });
  const records = recordsFor(request, ((await token.json()) as TTokenResponse).access_token);
  const patient = await records.createPatient({ name: 'Helena Martins', birth_date: '1972-05-03', sex: 'female' });
  const consultation = await records.createConsultation({ patient_id: patient.id, title: 'Cefaleia há três dias' });
  const other = await records.createConsultation({ patient_id: patient.id, title: 'Retorno da cefaleia' });
  const host = await startEmbedHost(EMBED_HOST_PORT);
  const refused = await startEmbedHost(REFUSED_HOST_PORT);
  try {
    await page.goto(`${host.origin}/frame?src=/embed/consultations/${consultation.id}`);
    const panel = page.frameLocator('iframe[title="Escriba"]');

    await test.step('no session inside the frame: she signs in in a pop-up of Escriba, and the panel opens', async () => {
      await expect(panel.getByRole('button', { name: 'Entrar no Escriba' })).toBeVisible();
      await shoot(page, 'embed-sign-in');
      const popupOpened = page.waitForEvent('popup');
      await panel.getByRole('button', { name: 'Entrar no Escriba' }).click();
      const popup = await popupOpened;
      await popup.getByLabel('E-mail').fill(user.email);
      await popup.getByLabel('Senha', { exact: true }).fill(user.password);
      // Listened for before the click: the pop-up may hand over the session and close before the click returns.
      const closed = popup.waitForEvent('close');
      await popup.getByRole('button', { name: 'Entrar' }).click();
      await closed;
      await expect(panel.getByRole('heading', { name: 'Cefaleia há três dias' })).toBeVisible();
      await expect(panel.getByText('Mariana Tavares').first()).toBeVisible();
    });

    await test.step('she records the visit inside the frame with the microphone', async () => {
      const recorder = panel.getByRole('region', { name: 'Gravação' });
      await recorder.getByRole('button', { name: 'Gravar' }).click();
      await panel
        .getByRole('dialog', { name: 'Consentimento do paciente' })
        .getByRole('button', { name: 'O paciente concorda' })
        .click();
      const lines = panel.getByTestId('pane-transcript').getByTestId('transcript-line');
      await expect.poll(() => lines.count(), { timeout: 60_000 }).toBeGreaterThan(1);
      await shoot(page, 'embed-recording');
      await recorder.getByRole('button', { name: 'Parar gravação' }).click();
      await expect(recorder.getByRole('button', { name: 'Continuar gravação' })).toBeVisible({ timeout: 30_000 });
    });

    await test.step('the note, once ready, is told to the host with its text and its FHIR address', async () => {
      await generateNote(panel.getByTestId('pane-anamnesis'));
      await expect
        .poll(async () => (await received(page)).map((message) => message.type))
        .toContain('escriba:note-ready');
      const note = (await received(page)).find((message) => message.type === 'escriba:note-ready')!;
      expect(note.consultation_id).toBe(consultation.id);
      expect(note.text).toMatch(/^Profissional: Mariana Tavares\n[\s\S]*\n\nQueixa principal\n/);
      expect(note.fhir_url).toBe(`${APP_URL}/api/v1/user/consultations/${consultation.id}/fhir`);
      await shoot(page, 'embed-note');
    });

    await test.step('an issued PDF is told to the host, which downloads it by its address', async () => {
      const pane = panel.getByTestId('pane-anamnesis');
      await pane.getByRole('button', { name: 'Emitir PDF' }).click();
      await expect
        .poll(async () => (await received(page)).map((message) => message.type))
        .toContain('escriba:document-issued');
      const issued = (await received(page)).find((message) => message.type === 'escriba:document-issued')!;
      expect(issued).toMatchObject({ consultation_id: consultation.id, kind: 'anamnesis' });
      const pdf = await request.get(issued.pdf_url!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
    });

    await test.step('the host opens another consultation in the panel', async () => {
      await page.evaluate(
        (id) => (window as unknown as { openConsultation: (id: string) => void }).openConsultation(id),
        other.id,
      );
      await expect(panel.getByRole('heading', { name: 'Retorno da cefaleia' })).toBeVisible();
    });

    await test.step("the host starts a patient's new consultation in the panel", async () => {
      await page.goto(`${host.origin}/frame?src=/embed/patients/${patient.id}/new-consultation`);
      await expect(panel.getByRole('heading', { name: 'Helena Martins' })).toBeVisible();
      await panel.getByRole('button', { name: 'Nova consulta' }).click();
      await expect(panel.getByRole('region', { name: 'Gravação' })).toBeVisible();
      const frame = page.frames().find((each) => each !== page.mainFrame())!;
      expect(frame.url()).toMatch(/\/embed\/consultations\/[0-9a-f-]{36}$/);
      expect(frame.url()).not.toContain(consultation.id);
    });

    await test.step('a page of an origin not in EMBED_ORIGINS cannot frame the panel', async () => {
      await page.goto(`${refused.origin}/frame?src=/embed/consultations/${consultation.id}`);
      await expect(page.getByText('Prontuário da Clínica Exemplo')).toBeVisible();
      const frame = page.frames().find((each) => each !== page.mainFrame());
      await expect.poll(() => frame?.url()).not.toContain('/embed/');
      await expect(panel.getByRole('button', { name: 'Entrar no Escriba' })).toHaveCount(0);
      await expect(panel.getByRole('heading', { name: 'Cefaleia há três dias' })).toHaveCount(0);
      await shoot(page, 'embed-refused');
    });
  } finally {
    await host.close();
    await refused.close();
  }
});
