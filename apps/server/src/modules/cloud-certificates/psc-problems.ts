import { AppError } from '../../platform/errors';
import { PscError } from '../../providers/psc/psc-client';

/** 409 that makes the sign dialog and the profile ask her to authorise again. */
export const authorizeAgain = (providerName: string) =>
  new AppError(
    'conflict',
    `Sua autorização no ${providerName} expirou ou foi revogada: autorize de novo para assinar com o certificado em nuvem`,
  );

/**
 * What the professional is told when a provider fails: 503 when it does not answer (or answers nonsense), the
 * provider's refusal as 422 for something she can start again, and a refused client as the administrator's to fix.
 */
export function pscProblem(providerName: string, error: unknown, doing: string): unknown {
  if (!(error instanceof PscError)) return error;
  switch (error.failure) {
    case 'unreachable':
      return new AppError(
        'unavailable',
        `O ${providerName} não respondeu a tempo: ${doing}. Tente de novo em instantes.`,
      );
    case 'malformed':
      return new AppError(
        'unavailable',
        `O ${providerName} respondeu algo inesperado: ${doing}. Tente de novo em instantes.`,
      );
    case 'unauthorized':
      return new AppError(
        'unavailable',
        `O ${providerName} recusou as credenciais do Escriba (client_id e client_secret): ${doing}. Avise o administrador.`,
      );
    case 'refused':
      return new AppError('validation', `O ${providerName} recusou o pedido: ${doing}. Comece de novo.`);
  }
}
