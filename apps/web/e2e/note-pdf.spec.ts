import { OUTSIDE_ICP_BRASIL } from '@escriba/contract';
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CERTIFICATE_PASSWORD, createCertificateAuthority } from '../../server/test/certificates';
import { pdfPageCount, pdfSignatures, pdfText } from '../../server/test/pdf-tools';
import { createVerifiedUser, logInThroughApi, readSessionToken } from './support/factories';
import { openVisitWithNote } from './support/generate-note';
import { shootPdfPage } from './support/pdf-pages';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';

test('the professional keeps her practice and A1 certificate, and downloads the note as PDF, plain and signed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const ca = await createCertificateAuthority();
  const user = await createVerifiedUser(request, { name: 'Mariana Tavares' });
  await logInThroughApi(page, user);
  const token = await readSessionToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const license = await request.post('/api/v1/user/me/license/', {
    headers,
    data: { license_type_id: 1, number: '123456', state: 'SP', rqe: '45678' },
  });
  expect(license.status()).toBe(201);

  await page.goto('/user/profile');
  const practice = page.getByRole('region', { name: 'Local de atendimento' });
  await test.step('"Local de atendimento": refused incomplete, then saved', async () => {
    await practice.getByLabel('Nome do local').fill('Clínica Coração Saudável');
    await practice.getByRole('button', { name: 'Salvar local' }).click();
    await expect(practice.getByText('Telefone inválido', { exact: true })).toBeVisible();
    await expect(practice.getByText('Campo obrigatório').first()).toBeVisible();
    await practice.getByLabel('Telefone do local').fill('1134567890');
    await practice.getByRole('textbox', { name: 'CEP' }).fill('01310100');
    await practice.getByLabel('Logradouro').fill('Avenida Paulista');
    await practice.getByRole('textbox', { name: 'Número' }).fill('1000');
    await practice.getByLabel('Complemento').fill('sala 12');
    await practice.getByLabel('Bairro').fill('Bela Vista');
    await practice.getByLabel('Cidade').fill('São Paulo');
    await practice.getByLabel('UF').selectOption('SP');
    await practice.getByRole('button', { name: 'Salvar local' }).click();
    await expect(page.getByTestId('toast').getByText('Local de atendimento salvo')).toBeVisible();
    await dismissToasts(page);
  });

  const certificate = page.getByRole('region', { name: 'Certificado digital A1' });
  await test.step('the A1 certificate: a wrong password refused, then kept and described', async () => {
    const pfx = await ca.issueA1({ name: 'MARIANA TAVARES', cpf: user.cpf, form: 'aes' });
    await certificate.getByLabel('Arquivo do certificado (.pfx ou .p12)').setInputFiles({
      name: 'mariana.pfx',
      mimeType: 'application/x-pkcs12',
      buffer: pfx,
    });
    await certificate.getByLabel('Senha do certificado').fill('senha errada');
    await certificate.getByRole('button', { name: 'Enviar certificado' }).click();
    await expect(certificate.getByText('Senha do certificado incorreta')).toBeVisible();
    await certificate.screenshot({
      path: join(import.meta.dirname, 'screenshots', 'profile-certificate-refused-1366x768.png'),
      animations: 'disabled',
    });
    await certificate.getByLabel('Senha do certificado').fill(CERTIFICATE_PASSWORD);
    await certificate.getByRole('button', { name: 'Enviar certificado' }).click();
    await expect(certificate.getByText('MARIANA TAVARES')).toBeVisible();
    await expect(certificate.getByText('AC Escriba Testes v5')).toBeVisible();
    await expect(certificate.getByText('Sim: a cadeia chega a uma AC Raiz da ICP-Brasil')).toBeVisible();
    await expect(certificate.getByText(OUTSIDE_ICP_BRASIL, { exact: false })).toHaveCount(0);
    await dismissToasts(page);
    await page.evaluate(() => document.fonts.ready);
    await practice.scrollIntoViewIfNeeded();
    for (const [card, name] of [
      [practice, 'profile-practice'],
      [certificate, 'profile-certificate'],
    ] as const) {
      await card.screenshot({
        path: join(import.meta.dirname, 'screenshots', `${name}-1366x768.png`),
        animations: 'disabled',
      });
    }
  });

  const { consultationId, pane } = await openVisitWithNote(page, request, token);

  const mandatory = [
    'Mariana Tavares',
    'CRM/SP 123456 · RQE nº 45678',
    'Clínica Coração Saudável',
    'Avenida Paulista, 1000, sala 12 – Bela Vista, São Paulo/SP, CEP 01310-100 · Tel. (11) 3456-7890',
    'Paciente: Helena Martins · CPF 529.982.247-25',
    'Emitido em São Paulo/SP',
    'Queixa principal',
  ];

  await test.step('"Abrir PDF": the current note opens in a new tab, with the session cookie', async () => {
    const link = pane.getByRole('link', { name: 'Abrir PDF' });
    await expect(link).toHaveAttribute('target', '_blank');
    const response = await page.request.get((await link.getAttribute('href'))!);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const pdf = await response.body();
    const text = await pdfText(pdf);
    for (const item of mandatory) expect(text).toContain(item);
    expect(text).not.toContain('Assinado digitalmente');
    await shootPdfPage(pdf, 'note-pdf-page-1');
  });

  await test.step('"Assinar PDF": the certificate’s password asked, a wrong one refused, the signed PDF downloaded', async () => {
    await pane.getByRole('button', { name: 'Assinar PDF' }).scrollIntoViewIfNeeded();
    await shoot(page, 'note-pdf-actions');
    await pane.getByRole('button', { name: 'Assinar PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assinar a anamnese' });
    await dialog.getByLabel('Senha do certificado').fill('outra senha');
    await dialog.getByRole('button', { name: 'Assinar e baixar' }).click();
    await expect(dialog.getByText('Senha do certificado incorreta')).toBeVisible();
    await dialog.getByLabel('Senha do certificado').fill(CERTIFICATE_PASSWORD);
    await shoot(page, 'note-pdf-sign');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Assinar e baixar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^anamnese-assinada-\d{4}-\d\d-\d\d\.pdf$/);
    await expect(dialog).toBeHidden();
    const pdf = await readFile(await file.path());
    const report = await pdfSignatures(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: MARIANA TAVARES:');
    const text = await pdfText(pdf);
    for (const item of [...mandatory, 'Assinado digitalmente']) expect(text).toContain(item);
    expect(text).toContain('Certificado ICP-Brasil de MARIANA TAVARES');
    // The visible signature block closes the note, on its last page.
    await shootPdfPage(pdf, 'note-pdf-signed-last-page', await pdfPageCount(pdf));
  });

  const outsider = await createCertificateAuthority({ trusted: false });
  await test.step('a certificate outside ICP-Brasil: kept, but the card, the dialog and the stamp say pharmacies will not accept it', async () => {
    await page.goto('/user/profile');
    await certificate.getByRole('button', { name: 'Remover certificado' }).click();
    await page.getByRole('dialog', { name: 'Remover o certificado?' }).getByRole('button', { name: 'Remover' }).click();
    const pfx = await outsider.issueA1({ name: 'MARIANA TAVARES', cpf: user.cpf, form: 'aes' });
    await certificate.getByLabel('Arquivo do certificado (.pfx ou .p12)').setInputFiles({
      name: 'mariana-fora.pfx',
      mimeType: 'application/x-pkcs12',
      buffer: pfx,
    });
    await certificate.getByLabel('Senha do certificado').fill(CERTIFICATE_PASSWORD);
    await certificate.getByRole('button', { name: 'Enviar certificado' }).click();
    await expect(certificate.getByText(`${OUTSIDE_ICP_BRASIL}.`)).toBeVisible();
    await expect(
      certificate.getByText(/Motivo: a cadeia de MARIANA TAVARES:\d{11} não chega a uma AC Raiz/),
    ).toBeVisible();
    await dismissToasts(page);
    await page.evaluate(() => document.fonts.ready);
    await certificate.screenshot({
      path: join(import.meta.dirname, 'screenshots', 'profile-certificate-outside-icp-brasil-1366x768.png'),
      animations: 'disabled',
    });

    await page.goto(`/${consultationId}`);
    await pane.getByRole('button', { name: 'Assinar PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assinar a anamnese' });
    await expect(dialog.getByText(`${OUTSIDE_ICP_BRASIL}.`)).toBeVisible();
    await dialog.getByLabel('Senha do certificado').fill(CERTIFICATE_PASSWORD);
    await shoot(page, 'note-pdf-sign-outside-icp-brasil');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Assinar e baixar' }).click();
    const pdf = await readFile(await (await download).path());
    expect(await pdfSignatures(pdf)).toContain('Signature Validation: Signature is Valid.');
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain(OUTSIDE_ICP_BRASIL);
    expect(text).not.toContain('Certificado ICP-Brasil');
    await shootPdfPage(pdf, 'note-pdf-signed-outside-icp-brasil-last-page', await pdfPageCount(pdf));
  });
  await outsider.close();
  await ca.close();
});
