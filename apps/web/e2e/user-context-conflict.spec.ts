import { expect, test, type Page } from '@playwright/test';
import { signedInProfessional } from './support/records';

test('two tabs on one consultation: the stale save is refused, and the page offers both texts', async ({
  page,
  request,
}) => {
  const { records } = await signedInProfessional(page, request);
  const { id } = await records.createConsultation({ patient: { name: 'Helena Martins' }, title: 'Retorno' });
  const first = page;
  const second = await page.context().newPage();
  const editor = (tab: Page) => tab.getByLabel('Contexto', { exact: true });
  // Both editors open on the empty text before anything is typed (a tab opened later starts from the draft).
  for (const tab of [first, second]) {
    await tab.goto(`/${id}`);
    await tab.getByRole('tab', { name: 'Contexto' }).click();
    await expect(editor(tab)).toBeEditable();
  }
  const saveState = (tab: Page) => tab.getByTestId('save-state');

  await editor(first).fill('PA 12x8. Cefaleia tensional.');
  // The server holding it, not "Salvo" alone: that is also what the page says before the save starts.
  await expect.poll(async () => (await records.getConsultation(id)).user_context).toBe('PA 12x8. Cefaleia tensional.');
  await expect(saveState(first)).toHaveText('Salvo');

  await test.step('the second tab, still on the empty text, is told instead of overwriting', async () => {
    await editor(second).fill('Dor lombar há 2 semanas.');
    await expect(saveState(second)).toHaveText('Não salvo: há uma versão mais nova');
    await expect(second.getByTestId('newer-text')).toHaveText('PA 12x8. Cefaleia tensional.');
    await expect(editor(second)).toHaveValue('Dor lombar há 2 semanas.');
    expect((await records.getConsultation(id)).user_context).toBe('PA 12x8. Cefaleia tensional.');
  });

  await test.step('"Manter o meu texto" saves it over the newer one, having seen it', async () => {
    await second.getByRole('button', { name: 'Manter o meu texto' }).click();
    await expect(saveState(second)).toHaveText('Salvo');
    expect((await records.getConsultation(id)).user_context).toBe('Dor lombar há 2 semanas.');
  });

  await test.step('"Usar a versão salva" in the first tab takes the other text', async () => {
    await editor(first).press('End');
    await editor(first).pressSequentially(' Retorno em 30 dias.');
    await expect(first.getByTestId('newer-text')).toHaveText('Dor lombar há 2 semanas.');
    await first.getByRole('button', { name: 'Usar a versão salva' }).click();
    await expect(editor(first)).toHaveValue('Dor lombar há 2 semanas.');
    await expect(saveState(first)).toHaveText('Salvo');
    await first.reload();
    await first.getByRole('tab', { name: 'Contexto' }).click();
    await expect(editor(first)).toHaveValue('Dor lombar há 2 semanas.');
    expect((await records.getConsultation(id)).user_context).toBe('Dor lombar há 2 semanas.');
  });
});
