import type { TPartialTranscript } from '@escriba/contract';
import { Alert } from '../../../../components/ui/alert';

/** Why nothing is being transcribed now, in words a clinician reads; the audio is safe either way. */
export function ProviderNotice({ transcript }: { transcript: TPartialTranscript }) {
  const kept = 'O áudio fica guardado e será transcrito quando o serviço estiver disponível.';
  switch (transcript.provider_status) {
    case 'ok':
      return null;
    case 'unconfigured':
      return <Alert tone="warning">Transcrição não configurada: {lowerFirst(kept)}</Alert>;
    case 'unavailable':
      return (
        <Alert tone="warning">
          O serviço de transcrição não está respondendo; tentamos de novo sozinhos. {kept}
          {transcript.provider_detail && <span className="mt-1 block text-xs">{transcript.provider_detail}</span>}
        </Alert>
      );
    case 'model_missing':
      return (
        <Alert tone="warning">
          O modelo de transcrição ainda não foi baixado no servidor. {kept}
          {transcript.provider_detail && <span className="mt-1 block text-xs">{transcript.provider_detail}</span>}
        </Alert>
      );
  }
}

/** The stream's words are late (it dropped or stalled): the chunks it missed are transcribed by batch, none lost. */
export function LiveDelayNotice({ detail }: { detail: string }) {
  return (
    <Alert tone="info">
      <span data-testid="live-delay">{detail}</span>
    </Alert>
  );
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
