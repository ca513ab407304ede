import { expect, test, type Locator, type Page } from '@playwright/test';
import type { TPartialTranscript } from '@escriba/contract';
import { consultationApi } from './support/consultation-api';
import { generateNote } from './support/generate-note';
import { headacheVisit } from './support/headache-visit';
import { shoot } from './support/screenshot';

const LAPTOP = { width: 1366, height: 768 };
const TABLET = { width: 768, height: 1024 };

/** The professional never scrolled: the page is where it opened. */
const scrollTop = (page: Page) => page.evaluate(() => window.scrollY);

/** The buttons of a group sit on one line: they all share the first one's top. */
async function expectOneLine(group: Locator): Promise<void> {
  const tops = await group
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThan(2);
  expect(new Set(tops).size, `tops: ${tops.join(', ')}`).toBe(1);
}

test('while recording, the newest line and the stop button stay on screen at 1366×768 and 768×1024', async ({
  page,
  request,
}) => {
  // Speech is cut into 5–10 s chunks and transcribed live: the test waits for a few of them at each size.
  test.setTimeout(180_000);
  const { consultation } = await headacheVisit(page, request);
  const recorder = page.getByRole('region', { name: 'Gravação' });
  const lines = page.getByTestId('pane-transcript').getByTestId('transcript-line');
  await page.goto(`/${consultation.id}`);

  await test.step('the transcript is the main pane, the note waits in the side panel', async () => {
    await expect(page.getByTestId('pane-transcript')).toBeInViewport();
    await expect(page.getByRole('tab', { name: 'Anamnese' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('pane-anamnesis').getByRole('button', { name: 'Gerar anamnese' })).toBeVisible();
    await recorder.getByRole('button', { name: 'Gravar' }).click();
    await page
      .getByRole('dialog', { name: 'Consentimento do paciente' })
      .getByRole('button', { name: 'O paciente concorda' })
      .click();
  });

  for (const [size, linesBefore] of [
    [LAPTOP, 0],
    [TABLET, 2],
  ] as const) {
    await test.step(`${size.width}×${size.height}: lines arrive in sight, pause and stop at hand`, async () => {
      await page.setViewportSize(size);
      await expect.poll(() => lines.count(), { timeout: 60_000 }).toBeGreaterThan(linesBefore + 1);
      await expect(lines.last()).toBeInViewport({ ratio: 1 });
      await expect(recorder.getByRole('button', { name: 'Parar gravação' })).toBeInViewport({ ratio: 1 });
      await expect(recorder.getByRole('button', { name: 'Pausar' })).toBeInViewport({ ratio: 1 });
      expect(await scrollTop(page)).toBe(0);
      await shoot(page, 'consultation-recording');
    });
  }

  await recorder.getByRole('button', { name: 'Parar gravação' }).click();
  await expect(recorder.getByRole('button', { name: 'Continuar gravação' })).toBeVisible({ timeout: 30_000 });
});

test('a stored transcript takes the whole pane: its versions scroll under the last line at 1366×768 and 768×1024', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, consultation } = await headacheVisit(page, request);
  const api = consultationApi(request, token, consultation.id);
  await api.record();
  await expect
    .poll(async () => {
      const transcript = await api.get<TPartialTranscript>('/partial-transcript');
      return transcript.state === 'stopped' && transcript.pending === 0;
    })
    .toBe(true);
  await page.goto(`/${consultation.id}`);
  const pane = page.getByTestId('pane-transcript');
  const lines = pane.getByTestId('transcript-line');
  await expect(pane.getByTestId('transcript-versions')).toBeAttached();

  for (const size of [LAPTOP, TABLET]) {
    await page.setViewportSize(size);
    await expect(lines.first()).toBeInViewport({ ratio: 1 });
    // Lines read whole, in the pane's own scrolling list, without scrolling anything (four at 1366×768 before).
    const shown = await lines.evaluateAll((items) => {
      const box = items[0]!.closest('ol')!.parentElement!.getBoundingClientRect();
      return items.filter((item) => {
        const line = item.getBoundingClientRect();
        return line.top >= box.top && line.bottom <= Math.min(box.bottom, window.innerHeight);
      }).length;
    });
    expect(shown).toBeGreaterThanOrEqual(6);
    expect(await scrollTop(page)).toBe(0);
    await shoot(page, 'consultation-transcript-stored');
  }
});

test('with a note, the note is in front; "Fontes" marks the side panel and leaves the field where it is', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, consultation } = await headacheVisit(page, request, 'Retorno em 30 dias com diário da dor.');
  const api = consultationApi(request, token, consultation.id);
  await api.record();
  await expect
    .poll(async () => {
      const transcript = await api.get<TPartialTranscript>('/partial-transcript');
      return transcript.state === 'stopped' && transcript.pending === 0;
    })
    .toBe(true);

  await page.goto(`/${consultation.id}`);
  const note = page.getByTestId('pane-anamnesis');
  const transcript = page.getByTestId('pane-transcript');
  const cards = note.getByTestId('anamnesis-field');
  const card = (title: string) => cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) });

  await test.step('generating brings the note to the front, beside the transcript', async () => {
    await generateNote(note, 30_000);
    await expect(page.getByRole('tab', { name: 'Transcrição' })).toHaveAttribute('aria-selected', 'true');
    await expect(transcript).toBeVisible();
  });

  await test.step('1366×768: the note takes at least half the width; a field’s actions fit on one line', async () => {
    const noteWidth = (await note.boundingBox())!.width;
    const contentWidth = (await page.getByRole('navigation').filter({ hasText: 'Consultas' }).boundingBox())!.width;
    expect(noteWidth).toBeGreaterThanOrEqual(contentWidth / 2);
    await expectOneLine(note.getByRole('group', { name: 'Ações de História da doença atual' }));
  });

  await test.step('"Fontes" far down the note: lines marked beside it, the page does not move', async () => {
    const habits = card('Hábitos de vida');
    await habits.scrollIntoViewIfNeeded();
    const before = await scrollTop(page);
    expect(before).toBeGreaterThan(0);
    await habits.getByRole('button', { name: 'Fontes' }).click();
    const marked = transcript.locator('[data-source]');
    await expect(marked.first()).toBeInViewport();
    expect(await scrollTop(page)).toBe(before);
    await expect(habits).toBeInViewport();
    await shoot(page, 'consultation-note-sources');

    const story = card('História da doença atual');
    await story.scrollIntoViewIfNeeded();
    const atStory = await scrollTop(page);
    await story.getByRole('button', { name: 'Fontes' }).click();
    await expect(habits.getByRole('button', { name: 'Fontes' })).toHaveAttribute('aria-pressed', 'false');
    await expect(marked.first()).toBeInViewport();
    expect(await scrollTop(page)).toBe(atStory);

    await page.getByRole('button', { name: 'Fechar painel lateral' }).click();
    await expect(transcript).toBeHidden();
    await expect(story.getByRole('button', { name: 'Fontes' })).toHaveAttribute('aria-pressed', 'false');
    await expect(marked).toHaveCount(0);
    await expectOneLine(story.getByRole('group', { name: 'Ações de História da doença atual' }));
    await page.getByRole('button', { name: 'Abrir painel lateral' }).click();
    await expect(transcript).toBeVisible();
  });

  await test.step('768×1024: the note is the first tab shown; "Fontes" keeps the field, a source opens its tab', async () => {
    await page.setViewportSize(TABLET);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Anamnese' })).toHaveAttribute('aria-selected', 'true');
    await expect(note).toBeVisible();
    await expect(transcript).toBeHidden();
    const story = card('História da doença atual');
    await expectOneLine(story.getByRole('group', { name: 'Ações de História da doença atual' }));
    await story.scrollIntoViewIfNeeded();
    const before = await scrollTop(page);
    await story.getByRole('button', { name: 'Fontes' }).click();
    await expect(story.getByRole('list', { name: 'Fontes de História da doença atual' })).toBeInViewport();
    expect(await scrollTop(page)).toBe(before);
    await story
      .getByRole('list', { name: 'Fontes de História da doença atual' })
      .getByRole('button', { name: /^Transcrição / })
      .first()
      .click();
    await expect(transcript.locator('[data-source]').first()).toBeInViewport();
  });
});
