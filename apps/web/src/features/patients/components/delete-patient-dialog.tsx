import type { TPatient, TPatientRetained } from '@escriba/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { TextField } from '../../../components/ui/text-field';
import { readApiError } from '../../../lib/api-error';
import { displayName } from '../../../lib/format';
import { overlays, type OverlayProps } from '../../../lib/overlays';
import { toasts } from '../../../lib/toast-store';
import { patientExportUrl, retentionOf, useDeletePatient, usePatientRetention } from '../api/patient-rights';

// As the server compares them: case, accents and spacing aside.
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

interface DeletePatientDialogProps {
  patient: TPatient;
}

/**
 * "Excluir paciente": the button works once her name is typed, as the server checks it. When the law still keeps
 * her record (a concluded consultation less than RECORD_RETENTION_YEARS ago), the dialog says why and until when as
 * it opens, before any name is typed (issue 31 §2), and offers the export instead; a 409 of the deletion itself
 * (a visit concluded meanwhile) says the same. Resolves true once she is deleted.
 */
function DeletePatientDialog({ patient, close }: DeletePatientDialogProps & OverlayProps<boolean>) {
  const [typed, setTyped] = useState('');
  const [refused, setRefused] = useState<TPatientRetained>();
  const retention = usePatientRetention(patient.id);
  const retained = refused ?? retention.data?.retained ?? undefined;
  const deletion = useDeletePatient(patient.id);
  const names = [patient.name, patient.social_name].filter((name): name is string => Boolean(name)).map(folded);
  const isTyped = names.includes(folded(typed));
  const name = displayName(patient);

  const remove = () =>
    deletion.mutate(typed, {
      onSuccess: ({ detail }) => {
        toasts.add({ title: 'Paciente excluído', description: detail, color: 'success' });
        close(true);
      },
      onError: (error) => setRefused(retentionOf(error)),
    });

  if (retained) {
    return (
      <DialogShell
        title="O prontuário ainda precisa ser guardado"
        onClose={() => close(false)}
        initialFocus="content"
        footer={
          <>
            <Button variant="secondary" onClick={() => close(false)}>
              Entendi
            </Button>
            <a href={patientExportUrl(patient.id)} download className={buttonClasses('primary')}>
              <Icon name="download" className="size-4" /> Exportar dados (LGPD)
            </a>
          </>
        }
      >
        <div className="flex flex-col gap-3" data-testid="patient-retained">
          <Alert tone="warning">{retained.detail}</Alert>
          <p className="text-sm text-muted">
            Até lá, você pode arquivar o cadastro para que ele saia da lista, e entregar ao paciente uma cópia de tudo o
            que está guardado sobre ele.
          </p>
        </div>
      </DialogShell>
    );
  }

  if (retention.isPending) {
    return (
      <DialogShell title={`Excluir ${name}?`} onClose={() => close(false)}>
        <p className="text-sm text-muted" role="status">
          Verificando até quando o prontuário deve ser guardado…
        </p>
      </DialogShell>
    );
  }

  return (
    <DialogShell
      title={`Excluir ${name}?`}
      onClose={() => close(false)}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancelar
          </Button>
          <Button
            variant="danger"
            form="delete-patient"
            type="submit"
            disabled={!isTyped}
            isLoading={deletion.isPending}
          >
            Excluir definitivamente
          </Button>
        </>
      }
    >
      <form
        id="delete-patient"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (isTyped) remove();
        }}
      >
        <Alert tone="warning">
          O cadastro, as consultas, as transcrições, as anamneses, os documentos e os arquivos de {name} serão apagados.
          O registro de quem acessou e alterou os dados é mantido. Esta ação não pode ser desfeita.
        </Alert>
        <TextField
          label={`Para confirmar, digite o nome ${patient.name}`}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {deletion.isError && !retained && <Alert tone="error">{readApiError(deletion.error).message}</Alert>}
      </form>
    </DialogShell>
  );
}

overlays.register('delete-patient', DeletePatientDialog);

/** Opens "Excluir paciente"; resolves true once the patient is deleted. */
export function askDeletePatient(patient: TPatient): Promise<boolean> {
  return overlays.open<boolean>('delete-patient', { patient });
}
