import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { consultationApi } from './support/consultation-api';
import { createVerifiedUser, logInThroughApi, readSessionToken } from './support/factories';
import { generateNote } from './support/generate-note';
import { recordsFor } from './support/records';
import { shoot } from './support/screenshot';

const AI_LINE =
  'Texto redigido com auxílio de assistente de inteligência artificial (Escriba) e revisado por Mariana Tavares ' +
  '(CRM/SP 123456). Uso registrado conforme a Resolução CFM nº 2.454/2026.';

test('the printed note and "Copiar para o prontuário" carry the professional, her CRM and RQE, the patient and the AI line', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await createVerifiedUser(request, { name: 'Mariana Tavares' });
  await logInThroughApi(page, user);

  await test.step('her primary license, with the RQE, entered in the profile', async () => {
    await page.goto('/user/profile');
    await page.getByRole('button', { name: 'Adicionar registro' }).click();
    const form = page.getByRole('form', { name: 'Novo registro' });
    await form.getByLabel('Conselho').selectOption({ label: 'CRM — Medicina' });
    await form.getByLabel('Número do registro').fill('123456');
    await form.getByLabel('UF').selectOption('SP');
    await form.getByLabel('RQE (opcional)').fill('45678');
    await form.scrollIntoViewIfNeeded();
    await shoot(page, 'profile-license-rqe');
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await expect(page.getByTestId('license')).toContainText('CRM 123456/SP · RQE nº 45678');
  });

  const records = recordsFor(request, await readSessionToken(page));
  const patient = await records.createPatient({ name: 'Helena Martins', birth_date: '1972-05-03', sex: 'female' });
  const consultation = await records.createConsultation({ patient_id: patient.id, title: 'Cefaleia' });
  const consulted = new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(consultation.created_at));
  const api = consultationApi(request, await readSessionToken(page), consultation.id);
  await api.record();
  await api.transcribed();

  await page.goto(`/${consultation.id}`);
  const pane = page.getByTestId('pane-anamnesis');
  await test.step('generate the note', async () => {
    await generateNote(pane);
  });

  const heading = [
    'Profissional: Mariana Tavares · CRM/SP 123456 · RQE nº 45678',
    'Paciente: Helena Martins · nascimento em 03/05/1972',
    `Consulta: ${consulted}`,
  ];

  for (const size of [
    { width: 1366, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    await test.step(`the printed page from ${size.width}×${size.height}: who wrote it and for whom, the note, the AI line`, async () => {
      await page.setViewportSize(size);
      await page.emulateMedia({ media: 'print' });
      const printed = page.locator('#anamnesis-print');
      await expect(printed).toBeVisible();
      await expect(pane).toBeHidden();
      const text = await printed.innerText();
      for (const row of heading) expect(text).toContain(row);
      expect(text).toContain('Queixa principal');
      expect(text.trim().endsWith(AI_LINE)).toBe(true);
      await page.screenshot({
        path: join(import.meta.dirname, 'screenshots', `anamnesis-print-${size.width}x${size.height}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      await page.emulateMedia({ media: 'screen' });
      await expect(printed).toBeHidden();
    });
  }
  await page.setViewportSize({ width: 1366, height: 768 });

  await test.step('"Copiar para o prontuário": the same heading and closing line around the note', async () => {
    await pane.getByRole('button', { name: 'Copiar para o prontuário' }).click();
    await expect(
      page.getByTestId('toast').getByText('Texto da anamnese: cole no prontuário eletrônico.'),
    ).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith(`${heading.join('\n')}\n\nIdentificação\nHelena Martins`)).toBe(true);
    expect(copied.endsWith(`\n\n${AI_LINE}`)).toBe(true);
  });
});
