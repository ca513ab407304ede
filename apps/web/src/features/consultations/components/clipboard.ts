import { toasts } from '../../../lib/toast-store';

/** Copies text for pasting into the electronic record, and says so (or what went wrong). */
export async function copyToClipboard(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toasts.add({ title: 'Copiado', description: `${what}: cole no prontuário eletrônico.`, color: 'success' });
  } catch {
    toasts.add({
      title: 'Não foi possível copiar',
      description: 'O navegador não permitiu acesso à área de transferência. Selecione o texto e copie com Ctrl+C.',
      color: 'error',
    });
  }
}
