import { expect, test } from '@playwright/test';
import { NOT_INFORMED, type TAnamnesis, type TStylePreferences } from '@escriba/contract';
import { join } from 'node:path';
import { consultationApi } from './support/consultation-api';
import { generateNote } from './support/generate-note';
import { HEADACHE_PLAN, headacheVisit } from './support/headache-visit';
import { dismissToasts } from './support/toasts';

test('writing preferences: learned from her edits, rewritten, removed, added by hand and switched off in the profile', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { token, consultation } = await headacheVisit(page, request, HEADACHE_PLAN);
  const api = consultationApi(request, token, consultation.id);
  const headers = { authorization: `Bearer ${token}` };
  await api.record();
  await api.transcribed();

  await page.goto(`/${consultation.id}`);
  const pane = page.getByTestId('pane-anamnesis');
  await test.step('a note drafted, then five of its fields rewritten by her', async () => {
    await generateNote(pane, 30_000);

    const note = (await api.get<TAnamnesis>('/anamnesis')).latest!;
    const written = note.fields.filter((field) => field.text !== NOT_INFORMED && field.field_id !== 'conduta');
    expect(written.length).toBeGreaterThanOrEqual(4);
    await api.put('/anamnesis', {
      base_version: note.version,
      fields: written.slice(0, 4).map((field, index) => ({
        field_id: field.field_id,
        text: index === 0 ? '- Cefaleia há 3 semanas\n- Sem HAS nem DM2' : `${field.title}: revisto.`,
      })),
    });
    await page.reload();
    const plan = pane.getByTestId('anamnesis-field').filter({ has: page.getByRole('heading', { name: 'Conduta' }) });
    await plan.getByRole('button', { name: 'Editar' }).click();
    await plan.getByLabel('Texto de Conduta').fill('- Retorno em 30 dias\n- Diário da dor');
    await plan.getByRole('button', { name: 'Salvar' }).click();
    await expect(pane.getByText('Versão 3', { exact: true })).toBeVisible();
  });

  await expect
    .poll(
      async () => {
        const response = await request.get('/api/v1/user/me/style-preferences', { headers });
        return ((await response.json()) as TStylePreferences).learned_at;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();

  await page.goto('/user/profile');
  const card = page.getByRole('region', { name: 'Preferências de redação' });
  const items = card.getByTestId('style-preference');
  await test.step('the learned list, with the day it was learned', async () => {
    await expect(items).toHaveText([
      'prefere listas',
      'usa abreviações: HAS, DM2',
      'frases curtas, sem repetir a queixa na HDA',
    ]);
    await expect(card.getByTestId('style-learned')).toContainText('Aprendidas pela última vez em');
    await expect(card.getByRole('switch', { name: 'Usar as preferências de redação nas gerações' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  await test.step('one rewritten, one removed, one written by hand', async () => {
    await card.getByRole('button', { name: 'Editar "frases curtas, sem repetir a queixa na HDA"' }).click();
    const rewrite = card.getByLabel('Preferência', { exact: true });
    await expect(rewrite).toBeFocused();
    await rewrite.fill('frases curtas');
    await card.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByTestId('toast').getByText('Preferência salva')).toBeVisible();

    await card.getByRole('button', { name: 'Remover "prefere listas"' }).click();
    await expect(page.getByTestId('toast').getByText('Preferência removida')).toBeVisible();

    await card.getByRole('button', { name: 'Adicionar' }).click();
    await expect(card.getByText('Campo obrigatório')).toBeVisible();
    await card.getByLabel('Nova preferência').fill('cita a dose com a unidade');
    await card.getByRole('button', { name: 'Adicionar' }).click();
    await expect(page.getByTestId('toast').getByText('Preferência adicionada')).toBeVisible();
    await expect(items).toHaveText(['usa abreviações: HAS, DM2', 'frases curtas', 'cita a dose com a unidade']);
    await expect(card.getByLabel('Nova preferência')).toHaveValue('');
    await dismissToasts(page);
    await page.evaluate(() => document.fonts.ready);
    await card.screenshot({
      path: join(import.meta.dirname, 'screenshots', 'profile-style.png'),
      animations: 'disabled',
    });
  });

  await test.step('switched off: kept, but not followed, also after a reload', async () => {
    const toggle = card.getByRole('switch', { name: 'Usar as preferências de redação nas gerações' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(card.getByText('Desligadas: as próximas anamneses não seguem estas preferências')).toBeVisible();
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(items).toHaveCount(3);
  });
});
