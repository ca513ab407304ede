import { expect, test } from '@playwright/test';
import type { TDocumentList } from '@escriba/contract';
import { readFile } from 'node:fs/promises';
import { consultationApi } from './support/consultation-api';
import { HEADACHE_PLAN, headacheVisit } from './support/headache-visit';
import { readQrCodes, shootPdfPage } from './support/pdf-pages';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';

test('a receita issued for print carries a QR code; whoever holds it checks it with its code; revoked, it says so', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { token, consultation } = await headacheVisit(page, request, HEADACHE_PLAN);
  const api = consultationApi(request, token, consultation.id);
  await api.record();
  await api.transcribed();
  const headers = { authorization: `Bearer ${token}` };
  const asked = await request.post(`/api/v1/user/consultations/${consultation.id}/documents/receita`, { headers });
  expect(asked.status()).toBe(202);
  await expect
    .poll(async () => (await api.get<TDocumentList>('/documents'))[0]?.status, { timeout: 60_000 })
    .toBe('ready');

  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto(`/${consultation.id}`);
  await page.getByRole('tab', { name: 'Documentos' }).click();
  const pane = page.getByTestId('pane-documents');
  await pane.getByRole('button', { name: /^Receita/ }).click();
  const detail = pane.getByTestId('document-detail');
  const issued = detail.getByTestId('issued-addresses');

  let address = '';
  let code = '';
  await test.step('"Emitir PDF", after her review: the PDF has the QR code of its address, listed with its code', async () => {
    await detail.getByRole('button', { name: 'Emitir PDF' }).click();
    const review = page.getByRole('dialog', { name: 'Revise antes de continuar' });
    const download = page.waitForEvent('download');
    await review.getByRole('button', { name: 'Revisei: emitir' }).click();
    const pdf = await readFile(await (await download).path());
    [address = ''] = await readQrCodes(pdf);
    expect(address).toMatch(/\/v\/[a-z0-9]{12}$/);
    await shootPdfPage(pdf, 'document-issued-pdf');
    await expect(issued.getByRole('listitem')).toHaveCount(1);
    await expect(issued).toContainText('para assinar à mão');
    await expect(issued).toContainText(address);
    code = /Código ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec((await issued.textContent()) ?? '')![1]!;
    await dismissToasts(page);
    await issued.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shoot(page, 'document-issued');
  });

  // The pharmacy, or the patient, on another device: no session.
  const visitor = await (await browser.newContext()).newPage();
  const publicPath = new URL(address).pathname;
  await test.step('the address asks the code, refuses a wrong one beside the field, then shows the document', async () => {
    await visitor.goto(publicPath);
    await expect(visitor.getByRole('heading', { name: 'Conferir um documento' })).toBeVisible();
    const field = visitor.getByLabel('Código de acesso');
    await field.fill('acde-fghj');
    await visitor.getByRole('button', { name: 'Conferir documento' }).click();
    await expect(field).toHaveAccessibleDescription(/Código incorreto/);
    await shoot(visitor, 'verify-document-wrong-code');
    await field.fill(code.toLowerCase());
    await expect(field).toHaveValue(code);
    await visitor.getByRole('button', { name: 'Conferir documento' }).click();
    await expect(visitor.getByRole('heading', { name: 'Receita' })).toBeVisible();
    await expect(visitor.getByText('Emitido para assinatura à mão, no papel')).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Abrir o PDF' })).toHaveAttribute('href', /\/pdf\?_secretCode=/);
    await shoot(visitor, 'verify-document');
  });

  await test.step('revoked by her, the address says the document no longer holds', async () => {
    await issued.getByRole('button', { name: 'Revogar' }).click();
    await page
      .getByRole('dialog', { name: 'Revogar este documento emitido?' })
      .getByRole('button', { name: 'Revogar' })
      .click();
    await expect(issued).toContainText('Revogado em');
    await visitor.goto(publicPath);
    await visitor.getByLabel('Código de acesso').fill(code);
    await visitor.getByRole('button', { name: 'Conferir documento' }).click();
    await expect(visitor.getByRole('alert')).toContainText('revogado');
  });
});
