import type { TIssuedDocument } from '@escriba/contract';
import { Button } from '../../../components/ui/button';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import { formatBrasiliaDateTime } from '../../../lib/format';
import { toasts } from '../../../lib/toast-store';
import { useConsultation } from '../api/get-consultation';
import { useIssuedDocuments, useRevokeIssued } from '../api/issued-documents';
import { copyToClipboard } from './clipboard';
import { askSendToPatient } from './send-to-patient-dialog';

interface IssuedAddressesProps {
  consultationId: string;
  /** Whose issues: one of the visit's documents, or the note. */
  of: { documentId: string } | 'anamnesis';
}

/**
 * The PDFs of a document (or of the note) that left her hands: each with the address its QR code carries and the
 * code a pharmacy or the patient types there, to send to the patient (e-mail, WhatsApp) or copy; one issued by
 * mistake is revoked after confirming.
 */
export function IssuedAddresses({ consultationId, of }: IssuedAddressesProps) {
  const query = useIssuedDocuments(consultationId);
  const revoke = useRevokeIssued(consultationId);
  const patient = useConsultation(consultationId).data?.patient;
  const issued = (query.data ?? []).filter((each) =>
    of === 'anamnesis' ? each.kind === 'anamnesis' : each.document_id === of.documentId,
  );
  if (issued.length === 0) return null;

  const askRevoke = async (entry: TIssuedDocument) => {
    const isConfirmed = await confirmAction({
      title: 'Revogar este documento emitido?',
      description:
        'O endereço do QR code deixa de abrir o PDF e passa a dizer que o documento foi revogado. Use para um documento emitido por engano; uma versão corrigida, ao ser emitida, ganha endereço e código novos.',
      confirmLabel: 'Revogar',
    });
    if (!isConfirmed) return;
    revoke.mutate(entry.public_id, {
      onSuccess: () => toasts.add({ title: 'Documento revogado', color: 'success' }),
      onError: (error) =>
        toasts.add({ title: 'Não foi possível revogar', description: readApiError(error).message, color: 'error' }),
    });
  };

  return (
    <section aria-label="Emitidos" className="flex flex-col gap-1.5" data-testid="issued-addresses">
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">Emitidos, com QR code</h3>
      <ul className="flex flex-col divide-y divide-line rounded-lg border border-line text-sm">
        {issued.map((entry) => (
          <li key={entry.public_id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
            <Icon name={entry.revoked_at ? 'ban' : 'qr-code'} className="size-4 text-muted" />
            <div className={entry.revoked_at ? 'min-w-64 flex-1 text-muted line-through' : 'min-w-64 flex-1'}>
              <p>
                {formatBrasiliaDateTime(entry.issued_at)} ·{' '}
                {entry.signed_by ? `assinado por ${entry.signed_by}` : 'para assinar à mão'}
              </p>
              <p className="text-xs text-muted">
                Código <span className="font-mono font-semibold text-ink">{entry.access_code}</span> · {entry.url}
              </p>
            </div>
            {entry.revoked_at ? (
              <span className="text-xs text-danger">Revogado em {formatBrasiliaDateTime(entry.revoked_at)}</span>
            ) : (
              <span className="flex flex-wrap gap-1">
                {patient && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void askSendToPatient({ consultationId, entry, patient })}
                  >
                    <Icon name="send" className="size-4" /> Enviar ao paciente
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    void copyToClipboard(`${entry.url}\nCódigo de acesso: ${entry.access_code}`, 'Endereço e código')
                  }
                >
                  <Icon name="copy" className="size-4" /> Copiar endereço e código
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-danger"
                  isLoading={revoke.isPending && revoke.variables === entry.public_id}
                  onClick={() => void askRevoke(entry)}
                >
                  Revogar
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
