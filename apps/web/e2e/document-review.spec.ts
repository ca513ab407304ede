import { expect, test } from '@playwright/test';
import type { TDocument, TDocumentList } from '@escriba/contract';
import { CA_NAME, CERTIFICATE_PASSWORD, createCertificateAuthority } from '../../server/test/certificates';
import { consultationApi, RECORDED_CHUNKS } from './support/consultation-api';
import { UNSUPPORTED_INSTRUCTION } from './support/document-answers';
import { HEADACHE_PLAN, headacheVisit } from './support/headache-visit';
import { shoot } from './support/screenshot';
import { dismissToasts } from './support/toasts';

const HOLDER = 'HELENA REVISORA';

test('a document with text no source holds: marked, reviewed before it leaves the page, then signed and shown so', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ca = await createCertificateAuthority();
  const { token, consultation } = await headacheVisit(page, request, HEADACHE_PLAN);
  const api = consultationApi(request, token, consultation.id);
  await api.record();
  await api.transcribed();
  const pfx = await ca.issueA1({ name: HOLDER, cpf: '52998224725', form: 'aes' });
  const certificate = await request.put('/api/v1/user/me/certificate', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'helena.pfx', mimeType: 'application/x-pkcs12', buffer: pfx },
      password: CERTIFICATE_PASSWORD,
    },
  });
  expect(certificate.status(), await certificate.text()).toBe(200);

  await page.goto(`/${consultation.id}`);
  await expect(page.getByTestId('pane-transcript').getByTestId('transcript-line')).toHaveCount(RECORDED_CHUNKS);
  // On a tablet the documents are a tab of their own, before and after the note.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole('tab', { name: 'Documentos' }).click();
  const pane = page.getByTestId('pane-documents');
  const detail = pane.getByTestId('document-detail');
  const exam = detail.getByRole('listitem', { name: 'Exame 1', exact: true });

  await test.step('the exam the assistant justified with a number no source holds is marked, with why', async () => {
    await pane.getByRole('button', { name: /^Solicitação de exames/ }).click();
    const form = pane.getByRole('form', { name: 'Gerar Solicitação de exames' });
    await form.getByLabel('Instruções para o assistente (opcional)').fill(UNSUPPORTED_INSTRUCTION);
    await form.getByRole('button', { name: /^Gerar/ }).click();
    await expect(pane.getByTestId('document').first()).toContainText('Pronto para revisar', { timeout: 30_000 });
    const marked = exam.getByTestId('unverified-statement');
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText('Hemoglobina glicada; Glicemia de 250 mg/dL');
    await expect(marked).toContainText('250');
    await expect(exam.getByText('Não confirmado nas fontes')).toBeVisible();
    // The clinical indication, said in the visit, is not marked.
    await expect(detail.getByTestId('unverified-statement')).toHaveCount(1);
    await dismissToasts(page);
    await exam.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shoot(page, 'document-review-marks');
  });

  const documentId = (await api.get<TDocumentList>('/documents'))[0]!.id;
  await test.step('"Copiar" first asks her to confirm it: one confirmation, one new version, then the copy', async () => {
    await detail.getByRole('button', { name: 'Copiar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revise antes de continuar' });
    await expect(dialog).toContainText('uma frase que não foi encontrada');
    await expect(dialog.getByTestId('part-to-review')).toHaveCount(1);
    await expect(dialog.getByTestId('part-to-review')).toContainText('Exame 1');
    await expect(dialog.getByTestId('part-to-review')).toContainText('Glicemia de 250 mg/dL');
    await shoot(page, 'document-review-dialog');
    // Going back leaves it as it was: nothing copied, nothing saved.
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    await expect(dialog).toBeHidden();
    expect((await api.get<TDocument>(`/documents/${documentId}`)).version).toBe(1);

    await detail.getByRole('button', { name: 'Copiar' }).click();
    await dialog.getByRole('button', { name: 'Confirmar a frase e copiar' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('Hemoglobina glicada');
    await expect(detail.getByTestId('unverified-statement')).toHaveCount(0);
    await expect(detail).toContainText('Versão 2');
    const reviewed = await api.get<TDocument>(`/documents/${documentId}`);
    expect(reviewed.versions).toHaveLength(2);
    expect(reviewed.statements['items.0']![0]!.status).toBe('confirmed');
    expect(reviewed.provenance.reviewed).not.toBeNull();
  });

  await test.step('reviewed, it signs at once; the card says by which certificate, after a reload too', async () => {
    await detail.getByRole('button', { name: 'Assinar PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assinar solicitação de exames' });
    await dialog.getByLabel('Senha do certificado').fill(CERTIFICATE_PASSWORD);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Assinar e baixar' }).click();
    await download;
    await expect(dialog).toBeHidden();
    const signed = detail.getByRole('region', { name: 'Assinatura digital' });
    await expect(signed).toContainText('Assinado digitalmente em');
    await expect(signed).toContainText(`Certificado de ${HOLDER}, emitido por`);
    await expect(signed).toContainText(CA_NAME);
    await page.reload();
    await page.getByRole('tab', { name: 'Documentos' }).click();
    await pane.getByRole('button', { name: /^Solicitação de exames/ }).click();
    await expect(signed).toContainText(`Certificado de ${HOLDER}, emitido por`);
    await expect(signed).toContainText(CA_NAME);
    await dismissToasts(page);
    await signed.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shoot(page, 'document-signed');
  });
  await ca.close();
});
