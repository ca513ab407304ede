import { Button, buttonClasses } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';

interface PdfActionsProps {
  /** The server's PDF, opened in a new tab (the session cookie goes with it). */
  href: string;
  /** Issues the PDF to print: kept with a QR code, an address and a code, then downloaded. */
  onIssue: () => void;
  onSign: () => void;
  /** Why the PDF cannot be made now (it would not carry what the page shows); both actions wait. */
  blocked?: string;
  /** Opens the PDF after a step of its own (a review) instead of following the link at once. */
  onOpen?: () => void;
  /** Neither issued nor signed here, only opened to print (a receita that needs a Notificação de Receita). */
  isOnlyOpened?: boolean;
}

/** "Abrir PDF", "Emitir PDF" and "Assinar PDF" of a note or a document. */
export function PdfActions({ href, onIssue, onSign, blocked, onOpen, isOnlyOpened }: PdfActionsProps) {
  return (
    <>
      {blocked || onOpen ? (
        <Button size="sm" variant="secondary" disabled={Boolean(blocked)} title={blocked} onClick={onOpen}>
          <Icon name="file-text" className="size-4" /> Abrir PDF
        </Button>
      ) : (
        <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary', 'sm')}>
          <Icon name="file-text" className="size-4" /> Abrir PDF
        </a>
      )}
      {!isOnlyOpened && (
        <>
          <Button
            size="sm"
            variant="secondary"
            disabled={Boolean(blocked)}
            title={blocked ?? 'Para imprimir e assinar à mão: com QR code e código de acesso, para a farmácia conferir'}
            onClick={onIssue}
          >
            <Icon name="qr-code" className="size-4" /> Emitir PDF
          </Button>
          <Button size="sm" variant="secondary" disabled={Boolean(blocked)} title={blocked} onClick={onSign}>
            <Icon name="badge-check" className="size-4" /> Assinar PDF
          </Button>
        </>
      )}
    </>
  );
}
