import { expect, test } from '@playwright/test';
import type { TPartialTranscript, TTranscriptEvidence } from '@escriba/contract';
import { formatClock } from '../src/lib/audio/clock';
import { signedInProfessional } from './support/records';
import { screenshots } from './support/recording-screenshots';
import { transcriptLine } from './support/transcript-lines';

test('record a consultation through a network cut: every chunk reaches the transcript', async ({
  page,
  context,
  request,
}) => {
  // Speech is cut into 2–15 s chunks at the pauses the detector hears and transcribed live; the scenario waits for several of them.
  test.setTimeout(180_000);
  const { token, records } = await signedInProfessional(page, request);
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
    // The server has no chunk yet: its status is still open, but the page says what is true.
    await expect(page.getByTestId('consultation-state')).toHaveText('Gravando');
    await screenshots(page, 'recording-listening');
  });

  await test.step('recording: time runs, the level moves, the status follows the server, lines appear', async () => {
    await expect(recorder.getByRole('button', { name: 'Pausar' })).toBeVisible();
    await expect(recorder.getByRole('timer', { name: 'Tempo gravado' })).not.toHaveText('00:00');
    await expect(lines.first()).toContainText(transcriptLine(0), { timeout: 30_000 });
    await expect(pane.getByText('Ouvindo…')).toBeHidden();
    // The first chunk ends at the first pause the detector hears past 2 s (by 3.5 s), so the first line comes soon.
    const [first] = (await api<TPartialTranscript>('/partial-transcript')).segments;
    expect(first!.end - first!.start).toBeGreaterThanOrEqual(2);
    expect(first!.end - first!.start).toBeLessThanOrEqual(3.5);
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
      // The stop waits behind the chunks; the audio said since the last cut is one more chunk, unless it was empty
      // (and one more cut may come before a loaded machine takes the click). The last step checks each chunk once.
      await expect(recorder.getByRole('button', { name: 'Parar gravação' })).toBeHidden();
      await expect(recorder.getByTestId('outbox-waiting')).toHaveText(/^[1-3] trechos? aguardando envio$/);
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
    await expect(pane.getByText('Transcrição concluída')).toBeVisible({ timeout: 30_000 });
    await expect(reopened.getByRole('button', { name: 'Continuar gravação' })).toBeEnabled();
    const partial = await api<TPartialTranscript>('/partial-transcript');
    expect(partial.next_seq).toBeGreaterThanOrEqual(5);
    expect(partial.pending).toBe(0);
    const evidence = await api<TTranscriptEvidence>('/evidences/transcript');
    // Every chunk cut while she spoke has its line, once; only the stop's own tail may have been silence (no words).
    const spoken = partial.segments.filter((segment) => segment.text).map((segment) => segment.seq);
    const beforeStop = Array.from({ length: partial.next_seq - 1 }, (_, seq) => seq);
    expect(spoken.slice(0, beforeStop.length)).toEqual(beforeStop);
    expect(evidence.text.split('\n')).toEqual(spoken.map((seq) => transcriptLine(seq)));
    await expect(pane.getByTestId('transcript-line')).toHaveCount(spoken.length);
    expect((await records.getConsultation(consultation.id)).status).toBe('draft');
    await expect(reopened.getByTestId('consultation-state')).toHaveText('Em aberto');
    await expect(reopened.getByRole('timer', { name: 'Tempo gravado' })).toHaveText(
      formatClock(partial.recorded_seconds),
    );
    await screenshots(reopened, 'recording-stopped');
  });

  await test.step('"Continuar gravação" records more after a stop: the new version is a recording’s, not a correction', async () => {
    const recorderAgain = reopened.getByRole('region', { name: 'Gravação' });
    const reopenedPane = reopened.getByTestId('pane-transcript');
    const linesAgain = reopenedPane.getByTestId('transcript-line');
    const before = await linesAgain.count();
    // The first recording's last chunk may have been silence (no line): the new chunks number on from next_seq.
    const { next_seq: firstNewSeq } = await api<TPartialTranscript>('/partial-transcript');
    await recorderAgain.getByRole('button', { name: 'Continuar gravação' }).click();
    await expect(recorderAgain.getByRole('button', { name: 'Parar gravação' })).toBeVisible();
    // Chunks come every 2–15 s and lines appear paced: wait for the first new one, however many follow.
    await expect.poll(() => linesAgain.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    await recorderAgain.getByRole('button', { name: 'Parar gravação' }).click();
    await expect(reopenedPane.getByText('Transcrição concluída')).toBeVisible({ timeout: 30_000 });
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
    const spokenAgain = (await api<TPartialTranscript>('/partial-transcript')).segments.filter(
      (segment) => segment.text && segment.seq >= firstNewSeq,
    );
    expect(spokenAgain.length).toBeGreaterThan(0);
    for (const { seq } of spokenAgain) expect(evidence.text).toContain(transcriptLine(seq));
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
    // The line's time, who said it, then her text.
    await expect(firstLine).toHaveText(
      /^00:00(Profissional|Paciente|Acompanhante|Não identificado)Bom dia, dona Helena\. O que a traz aqui hoje\?\s*$/,
    );
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
