import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createCertificateAuthority } from '../../server/test/certificates';
import { pdfSignatures } from '../../server/test/pdf-tools';
import { PSC_CLIENT_ID, PSC_CLIENT_SECRET, PscFixture } from '../../server/test/psc-fixture';
import { createVerifiedUser, logInThroughApi, logInThroughUi, readSessionToken } from './support/factories';
import { openVisitWithNote } from './support/generate-note';
import { ADMIN } from './support/ports';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';

test('an administrator adds a PSC provider; a professional connects her cloud certificate, signs, and authorises again when it expires', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const ca = await createCertificateAuthority();
  const psc = await PscFixture.start();
  const providerName = `PSC de Testes ${Date.now() % 10_000}`;
  const providerId = `psc-${Date.now() % 100_000}`;

  await test.step('the System page: the provider added, its secret never shown back', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const admin = await adminContext.newPage();
    await logInThroughUi(admin, { ...ADMIN, cpf: '', phone: '' });
    await admin.getByRole('link', { name: 'Sistema' }).click();
    const card = admin.getByRole('region', { name: 'Certificados em nuvem' });
    await card.getByRole('button', { name: 'Adicionar provedor' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Novo provedor de certificado em nuvem' });
    await dialog.getByLabel('Nome').fill(providerName);
    await dialog.getByLabel('Identificador').fill(providerId);
    await dialog.getByLabel('Endereço da API').fill(psc.baseUrl);
    await dialog.getByLabel('client_id').fill(PSC_CLIENT_ID);
    await dialog.getByRole('button', { name: 'Cadastrar provedor' }).click();
    await expect(dialog.getByText('Informe o client_secret do provedor')).toBeVisible();
    await dialog.getByLabel('client_secret').fill(PSC_CLIENT_SECRET);
    await dialog.getByLabel(/Autoriza também pelo celular/).check();
    await shoot(admin, 'admin-psc-provider-form');
    await dialog.getByRole('button', { name: 'Cadastrar provedor' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(providerName)).toBeVisible();
    await expect(card).not.toContainText(PSC_CLIENT_SECRET);
    await dismissToasts(admin);
    await card.scrollIntoViewIfNeeded();
    await shoot(admin, 'admin-psc-providers');
    await adminContext.close();
  });

  const user = await createVerifiedUser(request, { name: 'Mariana Tavares' });
  psc.addHolder({ cpf: user.cpf, ...(await ca.issueKeyPair({ name: 'MARIANA TAVARES', cpf: user.cpf })) });
  await logInThroughApi(page, user);
  const token = await readSessionToken(page);
  const license = await request.post('/api/v1/user/me/license/', {
    headers: { authorization: `Bearer ${token}` },
    data: { license_type_id: 1, number: '123456', state: 'SP', rqe: '45678' },
  });
  expect(license.status()).toBe(201);

  const card = page.getByRole('region', { name: 'Certificado em nuvem' });
  await test.step('the profile: her certificates found by CPF, authorised at the provider for a day', async () => {
    await page.goto('/user/profile');
    await card.getByLabel('Provedor').selectOption({ label: providerName });
    await card.getByRole('button', { name: 'Buscar meus certificados' }).click();
    await expect(card.getByRole('radio', { name: 'e-CPF A3 em nuvem' })).toBeChecked();
    await expect(card.getByLabel('Autorizar por')).toHaveValue('86400');
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'profile-cloud-certificate-connect');
    await expect(
      card.getByRole('radio', { name: `Na página do ${providerName} (você volta para cá depois)` }),
    ).toBeChecked();
    await card.getByRole('button', { name: `Autorizar no ${providerName}` }).click();
    await expect(page.getByRole('heading', { name: 'PSC de Testes' })).toBeVisible();
    await page.getByRole('link', { name: 'Autorizar' }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(
      page.getByTestId('toast').getByText(`Certificado em nuvem autorizado no ${providerName}`),
    ).toBeVisible();
    await expect(card.getByText('MARIANA TAVARES')).toBeVisible();
    await expect(card.getByText('Sim: a cadeia chega a uma AC Raiz da ICP-Brasil')).toBeVisible();
    await expect(card.getByText(/^Assina sem pedir de novo até \d\d\/\d\d\/\d{4}/)).toBeVisible();
    await dismissToasts(page);
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'profile-cloud-certificate-connected');
  });

  const { consultationId, pane } = await openVisitWithNote(page, request, token);
  const dialog = page.getByRole('dialog', { name: 'Assinar a anamnese' });

  const signAndDownload = async () => {
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Assinar e baixar' }).click();
    const pdf = await readFile(await (await download).path());
    await expect(dialog).toBeHidden();
    const report = await pdfSignatures(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: MARIANA TAVARES:');
  };

  await test.step('"Assinar PDF": signed by the provider, no password asked', async () => {
    await pane.getByRole('button', { name: 'Assinar PDF' }).click();
    await expect(dialog.getByText(/^Certificado em nuvem de MARIANA TAVARES no /)).toBeVisible();
    await expect(dialog.getByLabel('Senha do certificado')).toHaveCount(0);
    await shoot(page, 'note-pdf-sign-cloud');
    await signAndDownload();
    expect(psc.signatureCount()).toBe(1);
  });

  await test.step('an authorisation that ended: the dialog says so and sends her to authorise again, back here', async () => {
    psc.expireTokens();
    await dismissToasts(page);
    await pane.getByRole('button', { name: 'Assinar PDF' }).click();
    await dialog.getByRole('button', { name: 'Assinar e baixar' }).click();
    // The provider's 401 forgets the authorisation: the dialog, read again, says it ended and offers to authorise.
    await expect(dialog.getByText(`Sua autorização no ${providerName} terminou.`, { exact: false })).toBeVisible();
    await shoot(page, 'note-pdf-sign-cloud-authorize-again');
    await dialog.getByRole('button', { name: `Autorizar no ${providerName}` }).click();
    await page.getByRole('link', { name: 'Autorizar' }).click();
    await expect(page).toHaveURL(new RegExp(`/${consultationId}$`));
    await pane.getByRole('button', { name: 'Assinar PDF' }).click();
    await signAndDownload();
    expect(psc.signatureCount()).toBe(2);
  });

  await test.step('disconnected, then connected again by a notification on her phone', async () => {
    await page.goto('/user/profile');
    await card.getByRole('button', { name: 'Desconectar' }).click();
    await page
      .getByRole('dialog', { name: 'Desconectar o certificado em nuvem?' })
      .getByRole('button', { name: 'Desconectar' })
      .click();
    await dismissToasts(page);
    await card.getByLabel('Provedor').selectOption({ label: providerName });
    await card.getByRole('button', { name: 'Buscar meus certificados' }).click();
    await card.getByRole('radio', { name: `Pelo celular: uma notificação no aplicativo do ${providerName}` }).check();
    await card.getByRole('button', { name: 'Enviar pedido ao celular' }).click();
    await expect(card.getByText(`Abra o aplicativo do ${providerName} no seu celular`)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'profile-cloud-certificate-push');
    psc.approvePush();
    await expect(card.getByText(/^Assina sem pedir de novo até/)).toBeVisible();
    await expect(
      page.getByTestId('toast').getByText(`Certificado em nuvem autorizado no ${providerName}`),
    ).toBeVisible();
  });

  await psc.close();
  await ca.close();
});
