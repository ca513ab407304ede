import { Button } from '../../../../components/ui/button';
import { DialogShell } from '../../../../components/ui/dialog';
import { overlays, type OverlayProps } from '../../../../lib/overlays';

function ConsentDialog({ close }: OverlayProps<boolean>) {
  return (
    <DialogShell
      title="Consentimento do paciente"
      description="Antes de gravar, informe o paciente de que o áudio da consulta será gravado e transcrito por inteligência artificial, que também ajuda a redigir a anamnese e os documentos, e pergunte se ele concorda."
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
      <div className="flex flex-col gap-2 text-sm text-muted">
        <p>
          Sua confirmação fica registrada na consulta, com seu nome, a data e a hora: o consentimento para gravar e o
          consentimento ao processamento dos dados por IA. Só é pedida uma vez por consulta.
        </p>
        <p>Se o paciente não quiser o uso de IA, cancele e escolha “Consulta sem IA”: a anamnese é escrita à mão.</p>
      </div>
    </DialogShell>
  );
}

overlays.register('recording-consent', ConsentDialog);

/** Asks the professional to confirm the patient's consent; resolves true when they do. */
export function askRecordingConsent(): Promise<boolean> {
  return overlays.open<boolean>('recording-consent');
}
