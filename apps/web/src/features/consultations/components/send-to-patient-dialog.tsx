import { formatPhone, issuedTitle, type TIssuedDocument, type TPatient } from '@escriba/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { readApiError } from '../../../lib/api-error';
import type { IconName } from '../../../lib/icon-names';
import { displayName, formatBrasiliaMinute } from '../../../lib/format';
import { overlays, type OverlayProps } from '../../../lib/overlays';
import { useSendIssuedDocument } from '../api/send-issued-document';

interface SendRequest {
  consultationId: string;
  entry: TIssuedDocument;
  patient: TPatient;
}

/**
 * "Enviar ao paciente": the address and code of an issued document, by e-mail from the server to the address on the
 * patient's record, or as a WhatsApp message she sends herself (the server answers the wa.me link).
 */
function SendToPatientDialog({ consultationId, entry, patient, close }: SendRequest & OverlayProps<void>) {
  const email = useSendIssuedDocument(consultationId, entry.public_id);
  const whatsapp = useSendIssuedDocument(consultationId, entry.public_id);
  const name = displayName(patient);
  const openWhatsapp = () =>
    whatsapp.mutate('whatsapp', {
      onSuccess: (sent) => window.open(sent.whatsapp_url!, '_blank', 'noopener'),
    });

  return (
    <DialogShell
      title="Enviar ao paciente"
      description={`O documento "${issuedTitle(entry.kind)}", emitido em ${formatBrasiliaMinute(entry.issued_at)}: ${name} recebe o endereço e o código de acesso (${entry.access_code}) para abri-lo.`}
      onClose={() => close()}
      size="lg"
      footer={
        <Button variant="secondary" onClick={() => close()}>
          Fechar
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <Channel icon="mail" title="Por e-mail">
          {patient.email ? (
            <>
              <p className="text-sm">
                Para <span className="font-medium">{patient.email}</span>, o e-mail do cadastro. A mensagem sai em seu
                nome, com o contato do consultório.
              </p>
              {email.isSuccess ? (
                <Alert tone="success">{email.data.detail}</Alert>
              ) : (
                <Button className="self-start" isLoading={email.isPending} onClick={() => email.mutate('email')}>
                  <Icon name="send" className="size-4" /> Enviar por e-mail
                </Button>
              )}
              {email.isError && (
                <Alert tone="error">Não foi possível enviar: {readApiError(email.error).message}</Alert>
              )}
            </>
          ) : (
            <p className="text-sm text-muted">
              O cadastro de {name} não tem e-mail.{' '}
              <Link to={`/patients/${patient.id}?editar`} className="font-medium text-accent-ink underline">
                Informar o e-mail no cadastro
              </Link>{' '}
              ou envie pelo WhatsApp.
            </p>
          )}
        </Channel>

        <Channel icon="message-square-text" title="Por WhatsApp">
          <p className="text-sm">
            {patient.phone
              ? `Abre o WhatsApp numa conversa com ${formatPhone(patient.phone)}, o telefone do cadastro, com a mensagem pronta: confira e toque em enviar.`
              : `O cadastro de ${name} não tem telefone: o WhatsApp abre para você escolher o contato, com a mensagem pronta.`}
          </p>
          <Button variant="secondary" className="self-start" isLoading={whatsapp.isPending} onClick={openWhatsapp}>
            <Icon name="external-link" className="size-4" /> Abrir no WhatsApp
          </Button>
          {whatsapp.isSuccess && (
            <>
              <Alert tone="success">
                {whatsapp.data.detail}{' '}
                <a href={whatsapp.data.whatsapp_url!} target="_blank" rel="noreferrer" className="underline">
                  Abrir de novo
                </a>
              </Alert>
              <figure className="flex flex-col gap-1">
                <figcaption className="text-xs font-semibold text-muted uppercase">Mensagem</figcaption>
                <p className="rounded-lg bg-subtle px-3 py-2 text-sm whitespace-pre-line">{whatsapp.data.text}</p>
              </figure>
            </>
          )}
          {whatsapp.isError && (
            <Alert tone="error">Não foi possível preparar a mensagem: {readApiError(whatsapp.error).message}</Alert>
          )}
        </Channel>
      </div>
    </DialogShell>
  );
}

function Channel({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2 rounded-xl border border-line p-4">
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon name={icon} className="size-4 text-muted" /> {title}
      </h3>
      {children}
    </section>
  );
}

overlays.register('send-to-patient', SendToPatientDialog);

/** Opens "Enviar ao paciente" for one issued address. */
export function askSendToPatient(request: SendRequest): Promise<void> {
  return overlays.open<void>('send-to-patient', { ...request });
}
