import { expect, test, type Locator } from '@playwright/test';
import type { TPartialTranscript } from '@escriba/contract';
import { formatClock } from '../src/lib/audio/clock';
import { CHUNK_SECONDS, consultationApi, RECORDED_CHUNKS } from './support/consultation-api';
import { signedInProfessional } from './support/records';
import { screenshots } from './support/recording-screenshots';

/** Whether `line` is inside the visible part of the transcript's scrolling area (its lines, then its versions). */
async function isShownInList(line: Locator): Promise<boolean> {
  return line.evaluate((item) => {
    const list = item.closest('[data-testid="transcript-scroller"]')!.getBoundingClientRect();
    const box = item.getBoundingClientRect();
    return box.top >= list.top - 1 && box.bottom <= list.bottom + 1;
  });
}

test('a live transcript in sight: it follows new lines, "Novas falas" after reading back, a true badge and the whole time', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(600_000);
  const { token, records } = await signedInProfessional(page, request);
  const patient = await records.createPatient({ name: 'Helena Martins', birth_date: '1972-05-03', sex: 'female' });
  const consultation = await records.createConsultation({ patient_id: patient.id, title: 'Cefaleia há três dias' });
  const api = consultationApi(request, token, consultation.id);
  // A first recording of 16 chunks of 6 s, already stopped and transcribed.
  await api.record();
  const recorder = page.getByRole('region', { name: 'Gravação' });
  const timer = recorder.getByRole('timer', { name: 'Tempo gravado' });
  const badge = page.getByTestId('consultation-state');
  const pane = page.getByTestId('pane-transcript');
  const lines = pane.getByTestId('transcript-line');
  const newLines = pane.getByRole('button', { name: 'Novas falas' });
  const recordedEnd = async () =>
    Math.max(...(await api.get<TPartialTranscript>('/partial-transcript')).segments.map((segment) => segment.end));

  await page.goto(`/${consultation.id}`);
  await expect(lines).toHaveCount(RECORDED_CHUNKS);
  await expect(badge).toHaveText('Em aberto');
  await expect(timer).toHaveText(formatClock(RECORDED_CHUNKS * CHUNK_SECONDS));

  await test.step('"Continuar gravação": the timer goes on from the recorded total, the badge says Gravando', async () => {
    await recorder.getByRole('button', { name: 'Continuar gravação' }).click();
    await expect(badge).toHaveText('Gravando', { timeout: 60_000 });
    // From the recorded total on, not from zero.
    const [minutes = 0, seconds = 0] = ((await timer.textContent()) ?? '').split(':').map(Number);
    expect(minutes * 60 + seconds).toBeGreaterThanOrEqual(RECORDED_CHUNKS * CHUNK_SECONDS);
    // The list follows the conversation: the newest line is on show as lines arrive.
    await expect.poll(() => lines.count(), { timeout: 90_000 }).toBeGreaterThan(RECORDED_CHUNKS);
    await expect.poll(() => isShownInList(lines.last())).toBe(true);
    // Offline, a chunk waits in the browser: the note below the list shortens it, and the newest line stays in sight.
    await context.setOffline(true);
    await expect(pane.getByText(/aguardando envio/)).toBeVisible({ timeout: 30_000 });
    expect(await isShownInList(lines.last())).toBe(true);
    await context.setOffline(false);
    await expect(pane.getByText(/aguardando envio/)).toBeHidden({ timeout: 60_000 });
  });

  await test.step('scrolled up to read, she is not pulled down: "Novas falas" brings her back', async () => {
    const count = await lines.count();
    await pane.getByTestId('transcript-scroller').evaluate((scroller) => scroller.scrollTo({ top: 0 }));
    await expect.poll(() => lines.count(), { timeout: 90_000 }).toBeGreaterThan(count);
    await expect(newLines).toBeVisible();
    expect(await isShownInList(lines.first())).toBe(true);
    expect(await isShownInList(lines.last())).toBe(false);
    await screenshots(page, 'transcript-new-lines');
    await newLines.click();
    await expect(newLines).toBeHidden();
    await expect.poll(() => isShownInList(lines.last())).toBe(true);
    // Following again: the next line shows without her scrolling.
    const seen = await lines.count();
    await expect.poll(() => lines.count(), { timeout: 90_000 }).toBeGreaterThan(seen);
    await expect.poll(() => isShownInList(lines.last())).toBe(true);
    await expect(newLines).toBeHidden();
  });

  await test.step('paused, then stopped: the recorder says Pausada, the status stays Gravando until the stop is in', async () => {
    await recorder.getByRole('button', { name: 'Pausar' }).click();
    await expect(recorder.getByText('Pausada: nada é gravado até retomar')).toBeVisible();
    await expect(badge).toHaveText('Gravando');
    await recorder.getByRole('button', { name: 'Retomar' }).click();
    await expect(badge).toHaveText('Gravando');
    // Offline, the stop waits in the browser behind the last chunk: the server still records.
    await context.setOffline(true);
    await recorder.getByRole('button', { name: 'Parar gravação' }).click();
    await expect(badge).toHaveText('Gravando');
    await context.setOffline(false);
    await expect(badge).toHaveText('Em aberto', { timeout: 90_000 });
  });

  await test.step('the timer is the whole recording, as the transcript times are, after a reload too', async () => {
    const total = formatClock(await recordedEnd());
    expect(total > formatClock(RECORDED_CHUNKS * CHUNK_SECONDS)).toBe(true);
    await expect(timer).toHaveText(total);
    await page.reload();
    await expect(timer).toHaveText(total);
    await expect(badge).toHaveText('Em aberto');
  });

  await test.step('concluded, and opened again later: Concluída; reopened: Em aberto, as the lists say', async () => {
    await page.getByRole('button', { name: 'Alterar status' }).click();
    await page.getByRole('menuitem', { name: 'Concluir consulta' }).click();
    await expect(badge).toHaveText('Concluída');
    await page.reload();
    await expect(badge).toHaveText('Concluída');
    await page.getByRole('button', { name: 'Alterar status' }).click();
    await page.getByRole('menuitem', { name: 'Reabrir consulta' }).click();
    await expect(badge).toHaveText('Em aberto');
  });
});
