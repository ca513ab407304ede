import type { TConsultation } from '@escriba/contract';
import { useEffect } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { useUnloadWarning } from '../../../../components/ui/use-unload-warning';
import { readApiError } from '../../../../lib/api-error';
import { formatClock } from '../../../../lib/audio/clock';
import { preloadVoiceChunker } from '../../../../lib/audio/recording-chunker';
import { formatDateTime } from '../../../../lib/format';
import { useSession } from '../../../../lib/use-session';
import { useConfirmRecordingConsent } from '../../api/confirm-recording-consent';
import { usePartialTranscript } from '../../api/get-partial-transcript';
import { TurnAiOffButton } from './ai-choice';
import { askRecordingConsent } from './consent-dialog';
import { LevelMeter } from './level-meter';
import { OutboxStatus } from './outbox-status';
import { recordedSeconds } from './recorded-seconds';
import { useOutbox } from './use-outbox';
import { useRecorder } from './use-recorder';

/** The recorder of the consultation header: consent, microphone, level, time, pause, stop, continue. */
export function Recorder({ consultation }: { consultation: TConsultation }) {
  const id = consultation.id;
  const recorder = useRecorder(id);
  const outbox = useOutbox(id);
  const transcript = usePartialTranscript(id).data;
  const consent = useConfirmRecordingConsent(id);
  const userId = useSession().user?.id;
  const isCapturing = recorder.phase === 'recording' || recorder.phase === 'paused';
  useUnloadWarning(isCapturing || outbox.waitingChunks > 0 || outbox.isStopWaiting);
  const isDone = consultation.status === 'done';
  // The voice activity detector loads while the professional gets ready; a recording started sooner holds its audio.
  useEffect(() => {
    if (!isDone) void preloadVoiceChunker();
  }, [isDone]);

  const begin = async () => {
    if (!consultation.recording_consent) {
      if (!(await askRecordingConsent())) return;
      try {
        await consent.mutateAsync();
      } catch {
        return;
      }
    }
    await recorder.start();
  };

  const hasRecorded = (transcript?.next_seq ?? 0) > 0 || !outbox.isEmpty;
  const isInterrupted = !isCapturing && transcript?.state === 'recording' && hasRecorded;
  const isStopped = transcript?.state === 'stopped' || transcript?.state === 'stopping';
  const startLabel = isInterrupted ? 'Retomar gravação' : isStopped && hasRecorded ? 'Continuar gravação' : 'Gravar';
  // While capturing, this page's count runs; otherwise what the server and this browser hold (after a reload too).
  const shownSeconds = isCapturing
    ? recorder.recordedSeconds
    : Math.max(recorder.recordedSeconds, recordedSeconds(transcript, outbox.waitingSeconds));

  return (
    <section
      aria-label="Gravação"
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-subtle/60 px-4 py-3 xl:w-[26rem]"
    >
      <div className="flex items-center gap-3">
        {isCapturing ? (
          <>
            <Button
              variant="secondary"
              className="size-12 shrink-0 rounded-full p-0"
              aria-label={recorder.phase === 'paused' ? 'Retomar' : 'Pausar'}
              title={recorder.phase === 'paused' ? 'Retomar' : 'Pausar'}
              onClick={() => void (recorder.phase === 'paused' ? recorder.resume() : recorder.pause())}
            >
              <Icon name={recorder.phase === 'paused' ? 'play' : 'pause'} className="size-5" />
            </Button>
            <Button
              variant="danger"
              className="size-12 shrink-0 rounded-full p-0"
              aria-label="Parar gravação"
              title="Parar gravação"
              onClick={() => void recorder.stop()}
            >
              <Icon name="square" className="size-5" />
            </Button>
          </>
        ) : (
          <Button
            variant="danger"
            className="h-12 shrink-0 rounded-full px-5"
            disabled={isDone || outbox.isStopWaiting || !transcript}
            isLoading={recorder.phase === 'starting' || consent.isPending}
            onClick={() => void begin()}
          >
            <Icon name="mic" className="size-5" /> {startLabel}
          </Button>
        )}
        <div className="min-w-0 flex-1">
          <p
            role="timer"
            aria-label="Tempo gravado"
            className="font-mono text-lg leading-tight font-semibold tabular-nums"
          >
            {formatClock(shownSeconds)}
          </p>
          <p className="flex items-center gap-1.5 text-sm text-muted" role="status">
            {recorder.phase === 'recording' && (
              <span className="size-2 animate-pulse rounded-full bg-danger" aria-hidden />
            )}
            {phaseText(recorder.phase, { isDone, isInterrupted, isStopped: isStopped && hasRecorded })}
          </p>
        </div>
        {isCapturing && <LevelMeter consultationId={id} />}
      </div>

      {isInterrupted && (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => void recorder.stop()}>
          <Icon name="square" className="size-4" /> Encerrar a gravação
        </Button>
      )}

      {recorder.microphones.length > 0 && (
        <label className="flex items-center gap-2 text-sm">
          <Icon name="mic" className="size-4 text-muted" />
          <span className="sr-only">Microfone</span>
          <select
            className="h-8 min-w-0 flex-1 rounded-lg border border-line bg-surface px-2 text-sm"
            value={recorder.microphoneId}
            onChange={(event) => void recorder.chooseMicrophone(event.target.value)}
          >
            <option value="">Microfone padrão do sistema</option>
            {recorder.microphones.map((device, index) => (
              <option key={device.deviceId} value={device.deviceId}>
                {device.label || `Microfone ${index + 1}`}
              </option>
            ))}
          </select>
        </label>
      )}

      {consultation.recording_consent && (
        <p className="flex items-center gap-1.5 text-xs text-muted">
          <Icon name="badge-check" className="size-4 text-success" />
          Consentimento do paciente confirmado por{' '}
          {consultation.recording_consent.confirmed_by === userId ? 'você' : 'outro profissional'} em{' '}
          {formatDateTime(consultation.recording_consent.confirmed_at)}
        </p>
      )}
      {consultation.ai_consent && (
        <p className="flex items-center gap-1.5 text-xs text-muted" data-testid="ai-consent">
          <Icon name="badge-check" className="size-4 text-success" />
          Consentimento ao processamento por IA confirmado por{' '}
          {consultation.ai_consent.confirmed_by === userId ? 'você' : 'outro profissional'} em{' '}
          {formatDateTime(consultation.ai_consent.confirmed_at)}
        </p>
      )}
      {!isDone && !isCapturing && !hasRecorded && transcript && <TurnAiOffButton consultationId={id} />}

      <OutboxStatus consultationId={id} summary={outbox} />

      {consent.error && <Alert tone="error">{readApiError(consent.error).message}</Alert>}
      {recorder.error && <Alert tone="error">{recorder.error}</Alert>}
    </section>
  );
}

function phaseText(
  phase: ReturnType<typeof useRecorder>['phase'],
  context: { isDone: boolean; isInterrupted: boolean; isStopped: boolean },
): string {
  switch (phase) {
    case 'starting':
      return 'Abrindo o microfone…';
    case 'recording':
      return 'Gravando';
    case 'paused':
      return 'Pausada: nada é gravado até retomar';
    case 'idle':
      if (context.isDone) return 'Consulta concluída. Reabra-a para gravar.';
      if (context.isInterrupted) return 'Gravação interrompida. Retome ou encerre.';
      if (context.isStopped) return 'Gravação encerrada.';
      return 'Pronto para gravar a consulta.';
  }
}
