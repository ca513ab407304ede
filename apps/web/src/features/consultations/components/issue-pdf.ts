import { readApiError } from '../../../lib/api-error';
import { saveFile } from '../../../lib/save-file';
import { toasts } from '../../../lib/toast-store';
import { issuePdf } from '../api/issued-documents';

/** Issues the PDF at `path` (POST …/pdf/issued), downloads it, and says where its address and code are. */
export async function issueAndDownload(path: string, fileName: string, onIssued: () => void): Promise<void> {
  try {
    saveFile(await issuePdf(path), fileName);
    toasts.add({
      title: 'PDF emitido baixado',
      description: 'Com QR code e código de acesso em cada página; o endereço e o código ficam em "Emitidos".',
      color: 'success',
    });
    onIssued();
  } catch (error) {
    toasts.add({ title: 'Não foi possível emitir o PDF', description: readApiError(error).message, color: 'error' });
  }
}
