import { DOCUMENT_CODE_LENGTH, type TPublicDocument } from '@escriba/contract';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { BrandHeader } from '../../../components/ui/brand-header';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { TextField } from '../../../components/ui/text-field';
import { readApiError } from '../../../lib/api-error';
import { focusOnMount } from '../../../lib/focus-on-mount';
import { formatBrasiliaDateTime, formatBrasiliaDay } from '../../../lib/format';
import { openPublicDocument } from '../api/public-document';

/**
 * /v/{public_id}, the address in an issued document's QR code, without logging in: asks the code printed beside
 * the QR code, then shows what the document is, who issued and signed it, when, and the PDF.
 */
export function VerifyDocumentPage() {
  const { publicId = '' } = useParams();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [isChecking, setIsChecking] = useState(false);
  const [document, setDocument] = useState<TPublicDocument>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.replace('-', '').length !== DOCUMENT_CODE_LENGTH) {
      return setCodeError('Digite as 8 letras e números do código, como impressos no documento');
    }
    setCodeError(undefined);
    setRefusal(undefined);
    setIsChecking(true);
    try {
      setDocument(await openPublicDocument(publicId, code));
    } catch (caught) {
      const { status, message } = readApiError(caught);
      if (status === 401) setCodeError(message);
      else setRefusal(message);
    } finally {
      setIsChecking(false);
    }
  };

  return (
    <main className="flex min-h-dvh flex-col items-center bg-canvas px-4 py-10">
      <div className={document ? 'w-full max-w-3xl' : 'w-full max-w-md'}>
        <BrandHeader />
        <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
          {document ? (
            <IssuedDocument document={document} />
          ) : (
            <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
              <div>
                <h1 className="text-xl font-semibold">Conferir um documento</h1>
                <p className="mt-1 text-sm text-muted">
                  Digite o código de acesso impresso no documento, ao lado do QR code. Ele tem 8 letras e números, como
                  ABCD-EFGH.
                </p>
              </div>
              {refusal && <Alert tone="error">{refusal}</Alert>}
              <TextField
                label="Código de acesso"
                mask="documentCode"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                inputMode="text"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={codeError}
                ref={focusOnMount}
              />
              <Button type="submit" isLoading={isChecking}>
                Conferir documento
              </Button>
              <p className="text-xs text-muted">
                Cada acesso fica registrado para o paciente. Depois de várias tentativas erradas, o documento fica
                bloqueado por uma hora.
              </p>
            </form>
          )}
        </div>
      </div>
    </main>
  );
}

function IssuedDocument({ document }: { document: TPublicDocument }) {
  return (
    <section aria-labelledby="issued-title" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <Icon
          name={document.signed_by ? 'badge-check' : 'file-text'}
          className={document.signed_by ? 'mt-1 size-6 text-success' : 'mt-1 size-6 text-muted'}
        />
        <div>
          <h1 id="issued-title" className="text-xl font-semibold">
            {document.title}
          </h1>
          <p className="text-sm text-muted">Documento válido, emitido pelo Escriba.</p>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Emitido por</dt>
          <dd className="font-medium">
            {document.professional}
            {document.credentials && <span className="block font-normal">{document.credentials}</span>}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Emitido em</dt>
          <dd className="font-medium">{formatBrasiliaDateTime(document.issued_at)} (horário de Brasília)</dd>
        </div>
        <div>
          <dt className="text-muted">Assinatura</dt>
          <dd className="font-medium">
            {document.signed_by
              ? `Assinado digitalmente por ${document.signed_by}`
              : 'Emitido para assinatura à mão, no papel'}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Disponível por este endereço até</dt>
          <dd className="font-medium">{formatBrasiliaDay(document.shared_until)}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <a href={document.pdf_url} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'md')}>
          <Icon name="file-text" className="size-4" /> Abrir o PDF
        </a>
      </div>
      <iframe
        title={`PDF: ${document.title}`}
        src={document.pdf_url}
        className="h-[70vh] w-full rounded-lg border border-line bg-subtle"
      />
    </section>
  );
}
