import { expect, test, type WebSocketRoute } from '@playwright/test';
import type { TLiveMessage } from '@escriba/contract';
import { consultationApi } from './support/consultation-api';
import { signedInProfessional } from './support/records';
import { screenshots } from './support/recording-screenshots';
import { transcriptLine } from './support/transcript-lines';

// The shared server transcribes by batch: the streaming provider's messages (TRANSCRIPTION_MODE=realtime, tested
// against a loopback provider in transcription-realtime.int.test.ts) are added to the page's live socket here.
test('a chunk’s words so far are shown lighter, followed, replaced in place by its final line, and only that is read out', async ({
  page,
  request,
}) => {
  const { token, records } = await signedInProfessional(page, request);
  const patient = await records.createPatient({ name: 'Helena Martins', birth_date: '1972-05-03', sex: 'female' });
  const consultation = await records.createConsultation({ patient_id: patient.id, title: 'Cefaleia há três dias' });
  const api = consultationApi(request, token, consultation.id);
  await api.record({ chunks: 1, isStopped: false });
  await expect.poll(async () => (await api.get<{ pending: number }>('/partial-transcript')).pending).toBe(0);
  let socket: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/ws\/user\//, (route) => {
    route.connectToServer();
    socket = route;
  });
  const pane = page.getByTestId('pane-transcript');
  const lines = pane.getByTestId('transcript-line');
  const announcer = page.getByTestId('transcript-announcer');
  await page.goto(`/${consultation.id}`);
  await expect(lines).toHaveCount(1);
  await expect(announcer).toContainText(transcriptLine(0));
  const send = (message: TLiveMessage) => socket!.send(JSON.stringify(message));
  const chunk = (text: string, interim: boolean, seq = 1): TLiveMessage => {
    const [start, end] = [seq * 6, seq * 6 + 6];
    return {
      type: 'transcript',
      consultation_id: consultation.id,
      seq,
      start,
      end,
      text,
      segments: [{ seq, index: 0, start, end, text, speaker: 'desconhecido' }],
      ...(interim && { interim }),
    };
  };

  await test.step('words so far: a lighter, italic line that grows in place, not read out', async () => {
    send(chunk('Faz umas três', true));
    send(chunk('Faz umas três semanas que eu estou', true));
    const interim = lines.nth(1).locator('[data-interim]');
    await expect(interim).toHaveText('Faz umas três semanas que eu estou');
    await expect(interim).toHaveCSS('font-style', 'italic');
    await expect(lines).toHaveCount(2);
    await expect(announcer).toHaveText(/Bom dia/);
    await expect(announcer).not.toContainText('semanas');
    await screenshots(page, 'transcript-interim');
  });

  await test.step('the final line replaces them in the same place, and is read out', async () => {
    const final = 'Faz umas três semanas que eu estou com dor de cabeça quase todo dia.';
    send(chunk(final, false));
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(1)).toContainText(final);
    await expect(lines.nth(1).locator('[data-interim]')).toHaveCount(0);
    await expect(announcer).toContainText(final);
    await screenshots(page, 'transcript-interim-final');
  });

  await test.step('a stream that failed: the page says the live text is late', async () => {
    const detail =
      'O texto ao vivo está atrasado (a conexão com o serviço de transcrição em tempo real caiu); o áudio está guardado e será transcrito.';
    send({ type: 'system', consultation_id: consultation.id, detail });
    await expect(page.getByTestId('live-delay')).toHaveText(detail);
    // The stream answers again (the next chunk's words): the notice goes.
    send(chunk('Onde', true, 2));
    await expect(page.getByTestId('live-delay')).toBeHidden();
    await expect(lines).toHaveCount(3);
  });
});
