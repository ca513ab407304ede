import { expect, test, type Locator, type Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TPartialTranscript, TTranscriptEvidence } from '@escriba/contract';
import { speechWav } from '../../server/test/speech';
import config from '../playwright.config';
import { formatClock } from '../src/lib/audio/clock';
import { consultationApi, RECORDED_CHUNKS } from './support/consultation-api';
import { createVerifiedUser, logInThroughUi, readSessionToken } from './support/factories';
import { recordsFor } from './support/records';
import { transcriptLine } from './support/transcript-lines';

// Chromium's fake microphone plays this file in a loop: real Portuguese speech with the pauses of a dialogue.
const SPEECH = join(tmpdir(), `escriba-e2e-speech-${process.pid}.wav`);
await writeFile(
  SPEECH,
  await speechWav(
    'Bom dia, doutora. Estou com dor de cabeça há três dias, principalmente à tarde. ' +
      'Tomei dipirona duas vezes, melhorou um pouco, mas a dor voltou ontem à noite. ' +
      'Também sinto um pouco de enjoo e a luz incomoda. Não tive febre. ' +
      'Minha mãe tinha enxaqueca, e eu tenho dormido pouco por causa do trabalho.',
  ),
);

const base = config.use?.launchOptions ?? {};
test.use({
  permissions: ['microphone'],
  launchOptions: {
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${SPEECH}`,
    ],
  },
});

const SIZES = [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
];

async function screenshots(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.getByRole('region', { name: 'Gravação' }).scrollIntoViewIfNeeded();
    await page.screenshot({
      path: join(import.meta.dirname, 'screenshots', `${name}-${size.width}x${size.height}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(SIZES[0]!);
}

test('record a consultation through a network cut: every chunk reaches the transcript', async ({
  page,
  context,
  request,
}) => {
  // Speech is cut into 5–10 s chunks and transcribed live; the scenario waits for several of them.
  test.setTimeout(180_000);
  await logInThroughUi(page, await createVerifiedUser(request));
  const token = await readSessionToken(page);
  const records = recordsFor(request, token);
  const patient = await records.createPatient({ name: 'Helena Martins', birth_date: '1972-05-03', sex: 'female' });
  const consultation = await records.createConsultation({ patient_id: patient.id, title: 'Cefaleia há três dias' });
  const api = async <T>(path: string): Promise<T> => {
    const response = await request.get(`/api/v1/user/consultations/${consultation.id}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  };
  const recorder = page.getByRole('region', { name: 'Gravação' });
  const pane = page.getByTestId('pane-transcript');
  const lines = pane.getByTestId('transcript-line');

  await page.goto(`/${consultation.id}`);
  await screenshots(page, 'recorder-ready');

  await test.step('consent first: the professional confirms it, and the page shows who and when', async () => {
    await recorder.getByRole('button', { name: 'Gravar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Consentimento do paciente' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'O paciente concorda' }).click();
    await expect(recorder.getByText(/Consentimento do paciente confirmado por você em/)).toBeVisible();
  });

  await test.step('from the first second, the transcript pane shows that the app hears her', async () => {
    // Opening the microphone takes a while on a busy machine; from then on the pane answers at once.
    await expect(recorder.getByRole('status').first()).toHaveText('Gravando', { timeout: 60_000 });
    await expect(pane.getByText('Ouvindo…')).toBeVisible({ timeout: 1000 });
    await expect(pane.getByRole('meter', { name: 'Nível do microfone' })).not.toHaveAttribute('aria-valuenow', '0');
    // The server has no chunk yet: its status is still a draft, but the page says what is true.
    await expect(page.getByTestId('consultation-state')).toHaveText('Gravando');
    await screenshots(page, 'recording-listening');
  });

  await test.step('recording: time runs, the level moves, the status follows the server, lines appear', async () => {
    await expect(recorder.getByRole('button', { name: 'Pausar' })).toBeVisible();
    await expect(recorder.getByRole('timer', { name: 'Tempo gravado' })).not.toHaveText('00:00');
    await expect(lines.first()).toContainText(transcriptLine(0), { timeout: 30_000 });
    await expect(pane.getByText('Ouvindo…')).toBeHidden();
    // The first chunk is cut at the first pause past 3 s (by 6 s), so the first line comes in half the time.
    const [first] = (await api<TPartialTranscript>('/partial-transcript')).segments;
    expect(first!.end - first!.start).toBeGreaterThanOrEqual(3);
    expect(first!.end - first!.start).toBeLessThanOrEqual(6);
    await expect(page.getByText('Gravando', { exact: true }).first()).toBeVisible();
    expect((await records.getConsultation(consultation.id)).status).toBe('recording');
    await expect(recorder.getByRole('combobox')).toBeVisible();
    await screenshots(page, 'recording-live');
  });

  await test.step('network cut: chunks wait in the browser and the page counts them', async () => {
    await context.setOffline(true);
    await expect(recorder.getByTestId('outbox-waiting')).toHaveText('2 trechos aguardando envio', { timeout: 40_000 });
    await screenshots(page, 'recording-offline');
  });

  await test.step('back online: what waited is sent and transcribed', async () => {
    await context.setOffline(false);
    await expect(recorder.getByTestId('outbox-waiting')).toBeHidden({ timeout: 30_000 });
    await expect.poll(() => lines.count(), { timeout: 30_000 }).toBeGreaterThan(2);
  });

  const reopened =
    await test.step('stopped offline and the tab closed: the browser warns, keeps the audio and sends it when the page is opened again', async () => {
      await context.setOffline(true);
      await expect(recorder.getByTestId('outbox-waiting')).toHaveText('1 trecho aguardando envio', { timeout: 20_000 });
      await recorder.getByRole('button', { name: 'Parar gravação' }).click();
      // The stop waits behind the chunks; the audio said since the last cut is one more chunk, unless it was empty.
      await expect(recorder.getByRole('button', { name: 'Parar gravação' })).toBeHidden();
      await expect(recorder.getByTestId('outbox-waiting')).toHaveText(/^[12] trechos? aguardando envio$/);
      const warning = page.waitForEvent('dialog');
      const closed = page.waitForEvent('close');
      await page.close({ runBeforeUnload: true });
      const dialog = await warning;
      expect(dialog.type()).toBe('beforeunload');
      await dialog.accept();
      await closed;
      await context.setOffline(false);
      const again = await context.newPage();
      await again.goto(`/${consultation.id}`);
      return again;
    });

  await test.step('the final transcript has every chunk, once each', async () => {
    const pane = reopened.getByTestId('pane-transcript');
    await expect(pane.getByText('Concluída')).toBeVisible({ timeout: 30_000 });
    await expect(reopened.getByRole('button', { name: 'Continuar gravação' })).toBeEnabled();
    const partial = await api<TPartialTranscript>('/partial-transcript');
    expect(partial.next_seq).toBeGreaterThanOrEqual(5);
    expect(partial.pending).toBe(0);
    const evidence = await api<TTranscriptEvidence>('/evidences/transcript');
    const expected = Array.from({ length: partial.next_seq }, (_, seq) => transcriptLine(seq));
    expect(evidence.text.split('\n')).toEqual(expected);
    await expect(pane.getByTestId('transcript-line')).toHaveCount(partial.next_seq);
    expect((await records.getConsultation(consultation.id)).status).toBe('draft');
    await expect(reopened.getByTestId('consultation-state')).toHaveText('Transcrita');
    const end = Math.max(...partial.segments.map((segment) => segment.end));
    await expect(reopened.getByRole('timer', { name: 'Tempo gravado' })).toHaveText(formatClock(end));
    await screenshots(reopened, 'recording-stopped');
  });

  await test.step('"Continuar gravação" records more after a stop: the new version is a recording’s, not a correction', async () => {
    const recorderAgain = reopened.getByRole('region', { name: 'Gravação' });
    const reopenedPane = reopened.getByTestId('pane-transcript');
    const linesAgain = reopenedPane.getByTestId('transcript-line');
    const before = await linesAgain.count();
    await recorderAgain.getByRole('button', { name: 'Continuar gravação' }).click();
    await expect(recorderAgain.getByRole('button', { name: 'Parar gravação' })).toBeVisible();
    // Chunks come every 5–10 s and lines appear paced: wait for the first new one, however many follow.
    await expect.poll(() => linesAgain.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    await recorderAgain.getByRole('button', { name: 'Parar gravação' }).click();
    await expect(reopenedPane.getByText('Concluída')).toBeVisible({ timeout: 30_000 });
    const versions = reopenedPane.getByTestId('transcript-versions').getByRole('listitem');
    await expect(versions).toHaveText([
      /^Versão 2 — gravação encerrada · .* \(atual\)$/,
      /^Versão 1 — gravação encerrada · /,
    ]);
    await expect(reopenedPane.getByText(/corrigida/)).toHaveCount(0);
    const evidence = await api<TTranscriptEvidence>('/evidences/transcript');
    expect(evidence.versions.map(({ source, author_id }) => [source, author_id])).toEqual([
      ['recording', null],
      ['recording', null],
    ]);
    expect(evidence.text).toContain(transcriptLine(before));
    await screenshots(reopened, 'transcript-versions');
  });

  await test.step('one line corrected in place, from the keyboard: a new version by her, the line’s time kept', async () => {
    const reopenedPane = reopened.getByTestId('pane-transcript');
    const firstLine = reopenedPane.getByTestId('transcript-line').first();
    const edit = firstLine.getByRole('button', { name: 'Editar trecho 00:00' });
    await edit.focus();
    await reopened.keyboard.press('Enter');
    const field = firstLine.getByRole('textbox', { name: 'Trecho 00:00' });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(transcriptLine(0));
    await reopened.keyboard.press('Escape');
    await expect(field).toBeHidden();
    await expect(edit).toBeFocused();

    await reopened.keyboard.press('Enter');
    const corrected = 'Bom dia, dona Helena. O que a traz aqui hoje?';
    await field.fill(corrected);
    await screenshots(reopened, 'transcript-line-editing');
    await field.press('Enter');
    await expect(firstLine).toHaveText(`00:00${corrected}`);
    await expect(edit).toBeFocused();
    const versions = reopenedPane.getByTestId('transcript-versions').getByRole('listitem');
    await expect(versions.first()).toHaveText(/^Versão 3 — corrigida por você · .* \(atual\)$/);
    const [partial, evidence] = await Promise.all([
      api<TPartialTranscript>('/partial-transcript'),
      api<TTranscriptEvidence>('/evidences/transcript'),
    ]);
    expect(partial.segments[0]).toMatchObject({ seq: 0, start: 0, text: corrected });
    expect(evidence.versions.at(-1)).toMatchObject({ version: 3, source: 'correction', author_id: expect.any(String) });
    expect(evidence.versions[0]!.text.split('\n')[0]).toBe(transcriptLine(0));
    await screenshots(reopened, 'transcript-line-corrected');
  });
});

/** Whether `line` is inside the visible part of its scrolling list. */
async function isShownInList(line: Locator): Promise<boolean> {
  return line.evaluate((item) => {
    const list = item.closest('ol')!.getBoundingClientRect();
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
  await logInThroughUi(page, await createVerifiedUser(request));
  const token = await readSessionToken(page);
  const records = recordsFor(request, token);
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
  await expect(badge).toHaveText('Transcrita');
  await expect(timer).toHaveText(formatClock(RECORDED_CHUNKS * 6));

  await test.step('"Continuar gravação": the timer goes on from the recorded total, the badge says Gravando', async () => {
    await recorder.getByRole('button', { name: 'Continuar gravação' }).click();
    await expect(badge).toHaveText('Gravando', { timeout: 60_000 });
    // From the recorded total on, not from zero.
    const [minutes = 0, seconds = 0] = ((await timer.textContent()) ?? '').split(':').map(Number);
    expect(minutes * 60 + seconds).toBeGreaterThanOrEqual(RECORDED_CHUNKS * 6);
    // The list follows the conversation: the newest line is on show as lines arrive.
    await expect.poll(() => lines.count(), { timeout: 90_000 }).toBeGreaterThan(RECORDED_CHUNKS);
    await expect.poll(() => isShownInList(lines.last())).toBe(true);
  });

  await test.step('scrolled up to read, she is not pulled down: "Novas falas" brings her back', async () => {
    const count = await lines.count();
    await pane.getByRole('list', { name: 'Trechos transcritos' }).evaluate((list) => list.scrollTo({ top: 0 }));
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

  await test.step('paused, then stopped: the badge says Pausada, then Transcrevendo until the last chunk is in', async () => {
    await recorder.getByRole('button', { name: 'Pausar' }).click();
    await expect(badge).toHaveText('Pausada');
    await recorder.getByRole('button', { name: 'Retomar' }).click();
    await expect(badge).toHaveText('Gravando');
    // Offline, the stop waits in the browser behind the last chunk: the transcript is still being made.
    await context.setOffline(true);
    await recorder.getByRole('button', { name: 'Parar gravação' }).click();
    await expect(badge).toHaveText('Transcrevendo');
    await context.setOffline(false);
    await expect(badge).toHaveText('Transcrita', { timeout: 90_000 });
  });

  await test.step('the timer is the whole recording, as the transcript times are, after a reload too', async () => {
    const total = formatClock(await recordedEnd());
    expect(total > formatClock(RECORDED_CHUNKS * 6)).toBe(true);
    await expect(timer).toHaveText(total);
    await page.reload();
    await expect(timer).toHaveText(total);
    await expect(badge).toHaveText('Transcrita');
  });

  await test.step('concluded, and opened again later: Concluída; reopened: Transcrita, not Rascunho', async () => {
    await page.getByRole('button', { name: 'Alterar status' }).click();
    await page.getByRole('menuitem', { name: 'Concluir consulta' }).click();
    await expect(badge).toHaveText('Concluída');
    await page.reload();
    await expect(badge).toHaveText('Concluída');
    await page.getByRole('button', { name: 'Alterar status' }).click();
    await page.getByRole('menuitem', { name: 'Reabrir consulta' }).click();
    await expect(badge).toHaveText('Transcrita');
  });
});
