import type { TQueueStats } from '@escriba/contract';
import { Button } from '../../../components/ui/button';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { readApiError } from '../../../lib/api-error';
import { toasts } from '../../../lib/toast-store';
import { useRetryFailedJobs } from './system-api';
import { formatDuration, queueLabel, retriedMessage } from './system-labels';

const cell = 'px-3 py-2.5 text-right tabular-nums';

/** Each job queue's depth and failures, with "Tentar de novo" where jobs failed for good. */
export function QueueTable({ queues }: { queues: TQueueStats[] }) {
  const retry = useRetryFailedJobs();

  const retryQueue = async (queue: TQueueStats) => {
    const isConfirmed = await confirmAction({
      title: `Tentar de novo ${queueLabel(queue.name)}?`,
      description: `${queue.failed === 1 ? 'O trabalho que falhou volta' : `Os ${queue.failed} trabalhos que falharam voltam`} para a fila e rodam outra vez.`,
      confirmLabel: 'Tentar de novo',
    });
    if (!isConfirmed) return;
    retry.mutate(queue.name, {
      onSuccess: (answer) => toasts.add({ title: retriedMessage(answer.retried, answer.queue), color: 'success' }),
      onError: (error) =>
        toasts.add({
          title: 'Não foi possível tentar de novo',
          description: readApiError(error).message,
          color: 'error',
        }),
    });
  };

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Filas de trabalho</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Fila
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Na fila
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Rodando
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Falharam
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Espera mais antiga
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {queues.map((queue) => (
            <tr key={queue.name} className="border-b border-line last:border-0">
              <th scope="row" className="px-3 py-2.5 text-left font-medium">
                {queueLabel(queue.name)}
              </th>
              <td className={cell}>{queue.queued}</td>
              <td className={cell}>{queue.active}</td>
              <td className={queue.failed > 0 ? `${cell} font-semibold text-danger` : cell}>{queue.failed}</td>
              <td className={cell}>
                {queue.oldest_queued_seconds === null ? '—' : formatDuration(queue.oldest_queued_seconds)}
              </td>
              <td className="px-3 py-1.5 text-right">
                {queue.failed > 0 && (
                  <Button
                    variant="secondary"
                    size="sm"
                    isLoading={retry.isPending && retry.variables === queue.name}
                    onClick={() => void retryQueue(queue)}
                    aria-label={`Tentar de novo: ${queueLabel(queue.name)}`}
                  >
                    Tentar de novo
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
