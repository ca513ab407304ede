import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { confirmAction } from '../../../../components/ui/confirm-dialog';
import { Icon } from '../../../../components/ui/icon';
import { chunkOutbox } from './chunk-outbox';
import type { summarizeOutbox } from './outbox';
import { formatCount } from '../../../../lib/plural';

interface OutboxStatusProps {
  consultationId: string;
  summary: ReturnType<typeof summarizeOutbox>;
}

/** How much audio of this consultation is still only in this browser, and what the server refused. */
export function OutboxStatus({ consultationId, summary }: OutboxStatusProps) {
  const { waitingChunks, failed, isStopWaiting } = summary;
  const discard = async () => {
    const isConfirmed = await confirmAction({
      title: 'Descartar o áudio não aceito?',
      description: 'Esses trechos só existem neste navegador. Descartados, não entram na transcrição.',
      confirmLabel: 'Descartar',
    });
    if (isConfirmed) await chunkOutbox.discardFailed(consultationId);
  };
  return (
    <>
      {waitingChunks > 0 && (
        <p className="flex items-start gap-1.5 text-sm">
          <Icon name="cloud-upload" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>
            <span className="font-medium text-warning" data-testid="outbox-waiting">
              {formatCount(waitingChunks, 'trecho aguardando envio', 'trechos aguardando envio')}
            </span>
            <span className="text-muted"> · guardados neste navegador, enviados assim que houver conexão</span>
          </span>
        </p>
      )}
      {waitingChunks === 0 && isStopWaiting && (
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <Icon name="cloud-upload" className="size-4" /> Encerramento aguardando conexão
        </p>
      )}
      {failed.length > 0 && (
        <Alert tone="error">
          <p>
            {failed.length === 1 ? 'Um trecho não foi aceito' : `${failed.length} trechos não foram aceitos`} pelo
            servidor: {failed[0]?.failure}
          </p>
          <p className="mt-1 text-xs">O áudio continua guardado neste navegador até você decidir.</p>
          <div className="mt-2 flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => void chunkOutbox.retryFailed(consultationId)}>
              <Icon name="refresh-cw" className="size-4" /> Tentar de novo
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void discard()}>
              Descartar
            </Button>
          </div>
        </Alert>
      )}
    </>
  );
}
