import { isCommonPassword } from '../../platform/auth/passwords';
import { fieldError } from '../../platform/errors';

/** Refuses passwords that appear in lists of the most used ones (length is checked by the contract). */
export function assertAcceptablePassword(password: string, loc: string[]): void {
  if (isCommonPassword(password)) {
    throw fieldError(loc, 'Senha muito comum: escolha outra, mais difícil de adivinhar', 'common_password');
  }
}
