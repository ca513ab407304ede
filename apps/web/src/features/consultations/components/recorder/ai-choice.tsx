import type { TConsultation } from '@escriba/contract';
import { Button } from '../../../../components/ui/button';
import { confirmAction } from '../../../../components/ui/confirm-dialog';
import { Icon } from '../../../../components/ui/icon';
import { readApiError } from '../../../../lib/api-error';
import { formatDateTime } from '../../../../lib/format';
import { toasts } from '../../../../lib/toast-store';
import { useUpdateConsultation } from '../../api/update-consultation';

const showError = (error: unknown) =>
  toasts.add({ title: 'Não foi possível mudar o uso de IA', description: readApiError(error).message, color: 'error' });

/** "Consulta sem IA", offered until something was recorded or generated (the server refuses it after). */
export function TurnAiOffButton({ consultationId }: { consultationId: string }) {
  const update = useUpdateConsultation(consultationId);
  const turnOff = async () => {
    const isConfirmed = await confirmAction({
      title: 'Conduzir a consulta sem IA?',
      description:
        'Nada é gravado nem transcrito, e o assistente não redige a anamnese nem documentos: você escreve a nota à mão. Você pode voltar a usar IA nesta consulta depois.',
      confirmLabel: 'Consulta sem IA',
    });
    if (isConfirmed) update.mutate({ ai_enabled: false }, { onError: showError });
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      className="self-start"
      isLoading={update.isPending}
      onClick={() => void turnOff()}
    >
      <Icon name="notebook-pen" className="size-4" /> Consulta sem IA
    </Button>
  );
}

/** In place of the recorder in a consultation without AI: what that means, and the way back. */
export function WithoutAiPanel({ consultation }: { consultation: TConsultation }) {
  const update = useUpdateConsultation(consultation.id);
  const isDone = consultation.status === 'done';
  return (
    <section
      aria-label="Consulta sem IA"
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-line bg-subtle/60 px-4 py-3 xl:w-[26rem]"
      data-testid="without-ai"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon name="notebook-pen" className="size-5 text-accent-600" /> Consulta sem IA
      </p>
      <p className="text-sm text-muted">
        Sem gravação nem transcrição, e sem textos do assistente: escreva a anamnese à mão. Nenhum dado desta consulta é
        enviado a um modelo de IA.
      </p>
      {consultation.ai_consent && (
        <p className="text-xs text-muted">
          Consentimento ao processamento por IA registrado em {formatDateTime(consultation.ai_consent.confirmed_at)}.
        </p>
      )}
      {!isDone && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          isLoading={update.isPending}
          onClick={() => update.mutate({ ai_enabled: true }, { onError: showError })}
        >
          <Icon name="bot" className="size-4" /> Usar IA nesta consulta
        </Button>
      )}
    </section>
  );
}
