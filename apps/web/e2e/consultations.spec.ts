import { expect, test } from '@playwright/test';
import { createVerifiedUser, logInThroughApi, readSessionToken } from './support/factories';
import { recordsFor, seedClinic } from './support/records';
import { shoot } from './support/screenshot';

const CONTEXT = 'PA 138/88 mmHg. Exame neurológico normal. Investigar uso diário de dipirona.';

test.beforeEach(async ({ page, request }) => {
  await logInThroughApi(page, await createVerifiedUser(request));
});

test('start a consultation for a new patient, type the context, reload and find it kept', async ({ page, request }) => {
  const records = recordsFor(request, await readSessionToken(page));

  await test.step('home explains what to do, and "Nova consulta" registers the patient in the same step', async () => {
    await expect(page.getByRole('heading', { name: 'Nenhuma consulta ainda' })).toBeVisible();
    await page.getByRole('button', { name: 'Nova consulta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova consulta' });
    // Without patients the dialog opens on the new-patient tab.
    await expect(dialog.getByRole('tab', { name: 'Novo paciente' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByLabel('Nome completo').fill('Helena Martins');
    await dialog.getByLabel('Data de nascimento').fill('1972-05-03');
    await dialog.getByLabel('Sexo').selectOption({ label: 'Feminino' });
    await dialog.getByLabel('CPF (opcional)').pressSequentially('52998224726');
    await dialog.getByLabel('Título (opcional)').fill('Primeira consulta');
    await dialog.getByRole('button', { name: 'Iniciar consulta' }).click();
    await expect(dialog.getByText('CPF inválido')).toBeVisible();
    await dialog.getByLabel('CPF (opcional)').fill('');
    await dialog.getByRole('button', { name: 'Iniciar consulta' }).click();
  });

  const id = await test.step('the consultation page shows the patient and the places to come', async () => {
    await expect(page).toHaveURL(/\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Primeira consulta' })).toBeVisible();
    await expect(page.getByTestId('patient-name')).toHaveText('Helena Martins');
    await expect(page.getByText('Sexo:Feminino')).toBeVisible();
    // The transcript in front, the note's generation beside it; files and context a tab away.
    for (const pane of ['Transcrição', 'Anamnese']) {
      await expect(page.getByRole('tabpanel', { name: pane })).toBeVisible();
    }
    for (const pane of ['Evidências', 'Contexto']) {
      await expect(page.getByRole('tab', { name: pane })).toBeVisible();
    }
    return new URL(page.url()).pathname.slice(1);
  });

  await test.step('typed context survives an immediate reload', async () => {
    await page.getByRole('tab', { name: 'Contexto' }).click();
    const editor = page.getByLabel('Contexto', { exact: true });
    await editor.fill(CONTEXT);
    await page.reload();
    await page.getByRole('tab', { name: 'Contexto' }).click();
    await expect(page.getByLabel('Contexto', { exact: true })).toHaveValue(CONTEXT);
    await expect(page.getByTestId('save-state')).toHaveText('Salvo');
    expect((await records.getConsultation(id)).user_context).toBe(CONTEXT);
  });

  await test.step('typed context survives leaving the page at once', async () => {
    const editor = page.getByLabel('Contexto', { exact: true });
    await editor.press('Control+End');
    await editor.pressSequentially(' Retorno em 4 semanas.');
    await page.getByRole('link', { name: 'Consultas' }).click();
    await expect(page.getByTestId('consultation-row')).toHaveCount(1);
    await page.getByTestId('consultation-row').click();
    await page.getByRole('tab', { name: 'Contexto' }).click();
    await expect(page.getByLabel('Contexto', { exact: true })).toHaveValue(`${CONTEXT} Retorno em 4 semanas.`);
    await expect(page.getByTestId('save-state')).toHaveText('Salvo');
    await expect.poll(async () => (await records.getConsultation(id)).user_context).toContain('Retorno em 4 semanas.');
  });

  await test.step('a paste longer than the context takes says what was left out', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const editor = page.getByLabel('Contexto', { exact: true });
    const kept = `${CONTEXT} Retorno em 4 semanas.`;
    const pasted = 'Resultado de exame colado do laboratório. '.repeat(500);
    await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
    await editor.press('Control+End');
    await editor.press('ControlOrMeta+V');
    const cut = kept.length + pasted.length - 20_000;
    const warning = page.getByRole('status').filter({ hasText: 'O texto colado passou do limite' });
    await expect(warning).toHaveText(
      `O texto colado passou do limite de 20.000 caracteres: os últimos ${cut.toLocaleString('pt-BR')} caracteres ` +
        'colados ficaram de fora. Resuma o texto ou cole só o essencial.',
    );
    await expect(editor).toHaveValue((kept + pasted).slice(0, 20_000));
    await expect(page.getByTestId('save-state')).toHaveText('Salvo');
    await warning.scrollIntoViewIfNeeded();
    await shoot(page, 'consultation-context-paste-cut');
    // Below the limit again, the warning goes.
    await editor.press('Control+End');
    await editor.press('Backspace');
    await expect(warning).toBeHidden();
  });

  await test.step('title and chief complaint are edited in place', async () => {
    await page.getByRole('button', { name: 'Editar título' }).click();
    await page.getByRole('textbox', { name: 'Título' }).fill('Cefaleia tensional');
    await page.getByRole('textbox', { name: 'Título' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Cefaleia tensional' })).toBeVisible();
    await page.getByRole('button', { name: 'Editar queixa principal' }).click();
    await page.getByRole('textbox', { name: 'Queixa principal' }).fill('Dor de cabeça em aperto há três semanas');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Dor de cabeça em aperto há três semanas')).toBeVisible();
    const stored = await records.getConsultation(id);
    expect([stored.title, stored.chief_complaint]).toEqual([
      'Cefaleia tensional',
      'Dor de cabeça em aperto há três semanas',
    ]);
  });

  await test.step('the status follows the allowed transitions', async () => {
    await page.getByRole('button', { name: 'Alterar status' }).click();
    // Recording and processing are moved by the recorder and the generator, not by hand.
    await expect(page.getByRole('menuitem')).toHaveText(['Concluir consulta']);
    await page.getByRole('menuitem', { name: 'Concluir consulta' }).click();
    await expect(page.getByText('Concluída', { exact: true })).toBeVisible();
    // A concluded consultation is not recorded until it is reopened.
    await expect(page.getByRole('region', { name: 'Gravação' }).getByRole('button', { name: 'Gravar' })).toBeDisabled();
    // Nor edited: title, complaint and context read as a closed record.
    await expect(page.getByRole('button', { name: /^Editar / })).toHaveCount(0);
    await expect(page.getByLabel('Contexto', { exact: true })).not.toBeEditable();
    await page.getByRole('button', { name: 'Alterar status' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Reabrir consulta']);
    await page.keyboard.press('Escape');
  });

  await test.step('delete after confirming', async () => {
    await page.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('dialog', { name: 'Excluir consulta?' }).getByRole('button', { name: 'Excluir' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Nenhuma consulta ainda' })).toBeVisible();
  });
});

test('search and filter the home list; pick an existing patient for a new consultation', async ({ page, request }) => {
  const records = recordsFor(request, await readSessionToken(page));
  const { helena } = await seedClinic(records);
  for (let index = 1; index <= 18; index++) {
    await records.createConsultation({ patient_id: helena.id, title: `Acompanhamento ${index}` });
  }
  await page.reload();
  const rows = page.getByTestId('consultation-row');

  await test.step('most recent first, 20 per page', async () => {
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText('Acompanhamento 18');
    await expect(page.getByText('1–20 de 22 consultas')).toBeVisible();
    await page.getByRole('button', { name: 'Próxima' }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.last()).toContainText('Primeira consulta');
  });

  await test.step('search by text matches the title, the complaint or the patient', async () => {
    await page.getByLabel('Buscar').fill('torácica');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Antônio Ferreira');
    await page.getByLabel('Buscar').fill('lucas');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Gravando');
    await page.reload();
    await expect(page.getByLabel('Buscar')).toHaveValue('lucas');
    await expect(rows).toHaveCount(1);
  });

  await test.step('filter by status, patient and dates', async () => {
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page.getByLabel('Buscar')).toHaveValue('');
    await page.getByLabel('Status').selectOption({ label: 'Concluída' });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Cefaleia em aperto');
    await page.getByLabel('Status').selectOption({ label: 'Todos' });
    await page.getByLabel('Paciente', { exact: true }).selectOption({ label: 'Antônio Ferreira' });
    await expect(rows).toHaveCount(1);
    await page.getByLabel('Paciente', { exact: true }).selectOption({ label: 'Todos' });
    await page.getByLabel('Data inicial').fill('2000-01-01');
    await page.getByLabel('Data final').fill('2000-12-31');
    await expect(page.getByText('Nenhuma consulta corresponde aos filtros.')).toBeVisible();
    await page.getByLabel('Data final').fill('1999-01-01');
    await expect(page.getByText('A data final deve ser igual ou posterior à inicial')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(rows).toHaveCount(20);
  });

  await test.step('"Nova consulta" finds an existing patient by name', async () => {
    await page.getByRole('button', { name: 'Nova consulta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova consulta' });
    await dialog.getByRole('button', { name: 'Iniciar consulta' }).click();
    await expect(dialog.getByText('Escolha um paciente da lista')).toBeVisible();
    await dialog.getByLabel('Buscar paciente').fill('antonio');
    await expect(dialog.getByRole('radio')).toHaveCount(1);
    await dialog.getByRole('radio', { name: /Antônio Ferreira/ }).check();
    await dialog.getByRole('button', { name: 'Iniciar consulta' }).click();
    await expect(page.getByTestId('patient-name')).toHaveText('Antônio Ferreira');
  });
});
