import { verifyPassword, hashPassword } from '../../platform/auth/passwords';
import { fieldError } from '../../platform/errors';
import { assertAcceptablePassword } from './password-policy';

/**
 * The password typed beside a code mailed after a sign-up (README "Account rules"): the one chosen at
 * sign-up, or a new one that replaces it. Whoever signed up need not own the mailbox, so the code
 * alone never activates the password they chose.
 */
export interface LinkPasswords {
  password?: string | undefined;
  new_password?: string | undefined;
}

const PASSWORD = ['body', 'password'];

/** The new password's hash (hashed before any transaction: argon2 takes its time), or undefined without one. */
export async function hashNewPassword(passwords: LinkPasswords): Promise<string | undefined> {
  if (passwords.new_password === undefined) return undefined;
  assertAcceptablePassword(passwords.new_password, ['body', 'new_password']);
  return hashPassword(passwords.new_password);
}

/** Refuses a missing or wrong sign-up password, unless a new one replaces it. */
export async function assertSignUpPassword(
  signUpPasswordHash: string,
  passwords: LinkPasswords,
  newPasswordHash: string | undefined,
): Promise<void> {
  if (newPasswordHash !== undefined) return;
  if (passwords.password === undefined) {
    throw fieldError(PASSWORD, 'Digite a senha escolhida no cadastro, ou escolha uma nova senha', 'password_required');
  }
  if (!(await verifyPassword(signUpPasswordHash, passwords.password))) {
    throw fieldError(
      PASSWORD,
      'Esta não é a senha escolhida no cadastro. Se não reconhece este cadastro ou esqueceu a senha, escolha uma nova senha.',
      'wrong_password',
    );
  }
}
