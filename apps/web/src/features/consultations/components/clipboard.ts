import { toasts } from '../../../lib/toast-store';

/** Plain text, or plain text with its HTML rendering for records that keep headings and lists on paste. */
type Copied = string | { text: string; html: string };

/** Copies text for pasting into the electronic record, and says so (or what went wrong). */
export async function copyToClipboard(copied: Copied, what: string): Promise<void> {
  try {
    await writeClipboard(copied);
    toasts.add({ title: 'Copiado', description: `${what}: cole no prontuário eletrônico.`, color: 'success' });
  } catch {
    toasts.add({
      title: 'Não foi possível copiar',
      description: 'O navegador não permitiu acesso à área de transferência. Selecione o texto e copie com Ctrl+C.',
      color: 'error',
    });
  }
}

async function writeClipboard(copied: Copied): Promise<void> {
  if (typeof copied === 'string') return navigator.clipboard.writeText(copied);
  // Browsers without ClipboardItem still take the plain text.
  if (typeof ClipboardItem === 'undefined') return navigator.clipboard.writeText(copied.text);
  await navigator.clipboard.write([
    new ClipboardItem({
      'text/plain': new Blob([copied.text], { type: 'text/plain' }),
      'text/html': new Blob([copied.html], { type: 'text/html' }),
    }),
  ]);
}
