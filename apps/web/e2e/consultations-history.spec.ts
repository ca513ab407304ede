import { expect, test, type Page } from '@playwright/test';
import type { TAnamnesis } from '@escriba/contract';
import { consultationApi } from './support/consultation-api';
import { headacheVisit } from './support/headache-visit';
import { shoot } from './support/screenshot';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
];

// Both visits are held today: the earlier one is labelled with today's date on Brasília time.
const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(
  new Date(),
);

const history = (page: Page) => page.getByRole('region', { name: 'Consultas anteriores' });

/** Records the visit the transcription fixture hears, then generates its note with the page's template picker. */
async function recordAndGenerate(page: Page, api: ReturnType<typeof consultationApi>, id: string) {
  await api.record();
  await api.transcribed();
  await page.goto(`/${id}`);
  const pane = page.getByTestId('pane-anamnesis');
  await pane.getByLabel('Modelo de anamnese').selectOption({ label: 'Anamnese completa' });
  await pane.getByRole('button', { name: 'Gerar anamnese' }).click();
  const cards = pane.getByTestId('anamnesis-field');
  await expect(pane.getByText('Versão 1', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(cards.and(page.locator('[data-state="ready"]'))).toHaveCount(await cards.count());
}

test('a return visit shows the patient’s earlier consultation, and its note cites it and opens it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, records, consultation: first } = await headacheVisit(page, request);
  const firstApi = consultationApi(request, token, first.id);

  await test.step('a first visit shows no earlier consultations; its note is written, a code confirmed, concluded', async () => {
    await recordAndGenerate(page, firstApi, first.id);
    await expect(history(page)).toHaveCount(0);
    await firstApi.put('/anamnesis/diagnoses', [{ code: 'G44.2', confirmed: true }]);
    await records.setStatus(first.id, 'done');
  });

  const visit = await records.createConsultation({
    patient_id: first.patient.id,
    title: 'Retorno',
    chief_complaint: 'Reavaliação da cefaleia',
  });
  const api = consultationApi(request, token, visit.id);

  await test.step('the return visit: "Consultas anteriores" closed on the last visit’s day and code, then opened', async () => {
    await page.goto(`/${visit.id}`);
    const toggle = history(page).getByRole('button', { name: /Consultas anteriores/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toContainText(`1 consulta · última em ${today} · G44.2`);
    await expect(history(page).getByTestId('earlier-consultation')).toHaveCount(0);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const item = history(page).getByTestId('earlier-consultation');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`${today} · Cefaleia há três semanas`);
    await expect(item).toContainText('Anamnese completa');
    await expect(item.getByRole('list', { name: 'Diagnósticos confirmados' })).toHaveText('G44.2 Cefaléia tensional');
    await expect(item.getByText('Queixa principal', { exact: true })).toBeVisible();
    await expect(item).toContainText('dor de cabeça');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await shoot(page, 'consultations-history');
    }
    await page.setViewportSize(SIZES[0]!);

    // "Abrir" opens that consultation; back on the return visit the list is there again.
    await item.getByRole('link', { name: `Abrir a consulta de ${today}` }).click();
    await expect(page).toHaveURL(`/${first.id}`);
    await expect(page.getByRole('heading', { name: 'Cefaleia há três semanas' })).toBeVisible();
    await page.goBack();
    await expect(history(page)).toBeVisible();
  });

  await test.step('its note cites the earlier consultation, whose chip opens it', async () => {
    await recordAndGenerate(page, api, visit.id);
    const pane = page.getByTestId('pane-anamnesis');
    const story = pane
      .getByTestId('anamnesis-field')
      .filter({ has: page.getByRole('heading', { name: 'História da doença atual', exact: true }) });
    await expect(story).toContainText(`Na consulta de ${today}: Queixa principal:`);
    await pane.getByText('Como esta nota foi feita').click();
    await expect(pane.getByTestId('anamnesis-provenance')).toContainText('1 consulta anterior');
    const stored = await api.get<TAnamnesis>('/anamnesis');
    expect(stored.latest!.provenance.inputs.earlier_consultations).toEqual([{ consultation_id: first.id, version: 1 }]);

    await story.getByRole('button', { name: 'Fontes' }).click();
    const chip = story
      .getByRole('list', { name: 'Fontes de História da doença atual' })
      .getByRole('link', { name: `consulta de ${today}` })
      .first();
    await expect(chip).toBeVisible();
    await story.scrollIntoViewIfNeeded();
    await shoot(page, 'consultations-history-source');
    await chip.click();
    await expect(page).toHaveURL(`/${first.id}`);
    await expect(page.getByRole('heading', { name: 'Cefaleia há três semanas' })).toBeVisible();
  });
});
