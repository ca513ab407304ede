import { Button } from '../../../../components/ui/button';
import { DialogShell } from '../../../../components/ui/dialog';
import { overlays, type OverlayProps } from '../../../../lib/overlays';

function ConsentDialog({ close }: OverlayProps<boolean>) {
  return (
    <DialogShell
      title="Consentimento do paciente"
      description="Antes de gravar, informe o paciente de que o áudio da consulta será gravado e transcrito para o prontuário, e pergunte se ele concorda."
      onClose={() => close(false)}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancelar
          </Button>
          <Button onClick={() => close(true)}>O paciente concorda</Button>
        </>
      }
    >
      <p className="text-sm text-muted">
        Sua confirmação fica registrada na consulta, com seu nome, a data e a hora. Só é pedida uma vez por consulta.
      </p>
    </DialogShell>
  );
}

overlays.register('recording-consent', ConsentDialog);

/** Asks the professional to confirm the patient's consent; resolves true when they do. */
export function askRecordingConsent(): Promise<boolean> {
  return overlays.open<boolean>('recording-consent');
}
