import { expect, test } from '@playwright/test';
import type { TPartialTranscript, TTranscriptEvidence } from '@escriba/contract';
import { consultationApi, RECORDED_CHUNKS } from './support/consultation-api';
import { headacheVisit } from './support/headache-visit';
import { shoot } from './support/screenshot';
import { transcriptLine } from './support/transcript-lines';

test('the transcript names who said each line, and one click changes it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const { token, consultation } = await headacheVisit(page, request);
  const api = consultationApi(request, token, consultation.id);

  await test.step('a recorded visit, each line labelled by the role pass', async () => {
    await api.record();
    await api.transcribed();
    await expect
      .poll(
        async () =>
          (await api.get<TPartialTranscript>('/partial-transcript')).segments.every(
            (segment) => segment.speaker !== 'desconhecido',
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
  });

  await page.goto(`/${consultation.id}`);
  const lines = page.getByTestId('pane-transcript').getByTestId('transcript-line');
  await expect(lines).toHaveCount(RECORDED_CHUNKS);
  const line = (seq: number) => lines.filter({ hasText: transcriptLine(seq) });
  const badge = (seq: number) => line(seq).getByTestId('speaker-badge');

  await test.step('the doctor’s questions and the patient’s answers, side by side', async () => {
    await expect(badge(0)).toHaveText('Profissional');
    await expect(badge(1)).toHaveText('Paciente');
    await expect(badge(2)).toHaveText('Profissional');
  });

  await test.step('one click opens the menu of roles, the current one checked', async () => {
    await badge(3).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Quem fala')).toBeVisible();
    await expect(menu.getByRole('menuitemradio')).toHaveText([
      'Profissional',
      'Paciente',
      'Acompanhante',
      'Não identificado',
    ]);
    await expect(menu.getByRole('menuitemradio', { name: 'Paciente' })).toHaveAttribute('aria-checked', 'true');
    await shoot(page, 'transcript-speakers');

    await menu.getByRole('menuitemradio', { name: 'Acompanhante' }).click();
    await expect(menu).toBeHidden();
    await expect(badge(3)).toHaveText('Acompanhante');
  });

  await test.step('the change is a correction of the transcript, by her, its text untouched', async () => {
    const stored = await api.get<TTranscriptEvidence>('/evidences/transcript');
    expect(stored.versions.at(-1)).toMatchObject({ source: 'correction', text: stored.versions[0]!.text });
    await page.reload();
    await expect(badge(3)).toHaveText('Acompanhante');
    await expect(badge(4)).toHaveText('Profissional');
  });
});
