import { isRouteErrorResponse } from 'react-router';
import { isChunkLoadError } from '../lib/chunk-reload';

export interface ErrorDescription {
  status: number;
  /** The spec's view name (§2/§8), kept as the title. */
  title: string;
  /** The spec's message (§8), also what is logged. */
  message: string;
  /** What happened and what to do, in the reader's language. */
  explanation: string;
  /** A deploy replaced the page's code after this tab loaded it: a reload fixes it. */
  isNewVersion: boolean;
}

/** Spec §2/§8: 404 shows 'Page Not Found'; anything else 'Internal Server Error' (status 500 by default). */
export function describeError(error: unknown, path: string): ErrorDescription {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) {
    return {
      status,
      title: 'Page Not Found',
      message: `Page Not Found: ${path}`,
      explanation:
        'Esta página não existe ou não está disponível para você. Confira o endereço ou volte para o início.',
      isNewVersion: false,
    };
  }
  const isNewVersion = isChunkLoadError(error);
  return {
    status,
    title: 'Internal Server Error',
    message: 'Internal Server Error',
    explanation: isNewVersion
      ? 'O Escriba foi atualizado enquanto esta aba estava aberta. Recarregue a página para continuar; o que já foi salvo não se perde.'
      : 'Algo deu errado ao abrir esta página. Recarregue; se continuar, volte para o início e tente de novo.',
    isNewVersion,
  };
}
