import { expect, test } from '@playwright/test';
import type { TDocumentList, TIssuedDocument } from '@escriba/contract';
import { consultationApi } from './support/consultation-api';
import { HEADACHE_PLAN, headacheVisit } from './support/headache-visit';
import { readMail } from './support/outbox';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';

const EMAIL_SUFFIX = '@exemplo.com.br';

test('"Enviar ao paciente": the address and code by e-mail, or a WhatsApp message ready to send; both in her access log', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, consultation } = await headacheVisit(page, request, HEADACHE_PLAN);
  const headers = { authorization: `Bearer ${token}` };
  const patientUrl = `/api/v1/user/patients/${consultation.patient.id}`;
  const email = `helena.${consultation.id.slice(0, 8)}${EMAIL_SUFFIX}`;
  expect((await request.patch(patientUrl, { headers, data: { email, phone: '(11) 98765-4321' } })).ok()).toBe(true);
  const api = consultationApi(request, token, consultation.id);
  await api.record();
  await api.transcribed();
  const documents = `/api/v1/user/consultations/${consultation.id}/documents`;
  expect((await request.post(`${documents}/receita`, { headers })).status()).toBe(202);
  await expect
    .poll(async () => (await api.get<TDocumentList>('/documents'))[0]?.status, { timeout: 60_000 })
    .toBe('ready');
  const [receita] = await api.get<TDocumentList>('/documents');
  expect((await request.post(`${documents}/${receita!.id}/pdf/issued`, { headers })).ok()).toBe(true);
  const [issued] = await api.get<TIssuedDocument[]>('/issued-documents');

  // WhatsApp's site is out of reach here: the new tab gets a page of its own at the same address.
  await page
    .context()
    .route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: 'WhatsApp' }));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/${consultation.id}`);
  await page.getByRole('tab', { name: 'Documentos' }).click();
  const pane = page.getByTestId('pane-documents');
  await pane.getByRole('button', { name: /^Receita/ }).click();
  const row = pane.getByTestId('issued-addresses').getByRole('listitem');
  const dialog = page.getByRole('dialog', { name: 'Enviar ao paciente' });

  await test.step('by e-mail: to the address on her record, with the link and the code', async () => {
    await row.getByRole('button', { name: 'Enviar ao paciente' }).click();
    await expect(dialog).toContainText(`Para ${email}, o e-mail do cadastro.`);
    await expect(dialog).toContainText(issued!.access_code);
    await shoot(page, 'send-to-patient');
    await dialog.getByRole('button', { name: 'Enviar por e-mail' }).click();
    await expect(dialog.getByRole('status')).toContainText(`E-mail enviado para he•••${EMAIL_SUFFIX}.`);
    const mail = await readMail(email, /^Receita de /);
    expect(mail).toContain(issued!.url);
    expect(mail).toContain(`Código de acesso: ${issued!.access_code}`);
  });

  await test.step('by WhatsApp: wa.me with her phone and the message, shown in the dialog too', async () => {
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Abrir no WhatsApp' }).click();
    const whatsapp = new URL((await popup).url());
    expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/5511987654321');
    expect(whatsapp.searchParams.get('text')).toContain(`Código de acesso: ${issued!.access_code}`);
    await page.bringToFront();
    await expect(dialog.getByRole('figure')).toContainText(`Abra em: ${issued!.url}`);
    await dismissToasts(page);
    await shoot(page, 'send-to-patient-sent');
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  });

  await test.step('without an e-mail on record, the dialog says so and leads to the record', async () => {
    expect((await request.patch(patientUrl, { headers, data: { email: null } })).ok()).toBe(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Documentos' }).click();
    await pane.getByRole('button', { name: /^Receita/ }).click();
    await row.getByRole('button', { name: 'Enviar ao paciente' }).click();
    await expect(dialog).toContainText('O cadastro de Helena Martins não tem e-mail.');
    await shoot(page, 'send-to-patient-no-email');
    await dialog.getByRole('link', { name: 'Informar o e-mail no cadastro' }).click();
    await expect(page.getByRole('heading', { name: 'Editar cadastro' })).toBeVisible();
  });

  await test.step('her access log says the document was sent, by each channel', async () => {
    await page.goto(`/patients/${consultation.patient.id}/access-log`);
    await expect(
      page.getByText('Enviou ao paciente por e-mail o endereço e o código de um documento emitido'),
    ).toBeVisible();
    await expect(
      page.getByText('Enviou ao paciente por WhatsApp o endereço e o código de um documento emitido'),
    ).toBeVisible();
  });
});
