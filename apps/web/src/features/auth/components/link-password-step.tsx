import type { TVerifyAccountBody } from '@escriba/contract';
import { useState } from 'react';
import type { ApiErrorInfo } from '../../../lib/api-error';
import { AuthHeading } from './auth-heading';
import { ChoosePasswordForm } from './choose-password-form';
import { SignUpPasswordForm } from './sign-up-password-form';

/** What the step sends beside the mailed code: the sign-up password again, or a new one that voids it. */
export type LinkPasswords = Pick<TVerifyAccountBody, 'password' | 'new_password'>;

interface LinkPasswordStepProps {
  title: string;
  description: string;
  submitLabel: string;
  isPending: boolean;
  /** The failure of the last request, if any. */
  error: ApiErrorInfo | undefined;
  onSubmit: (passwords: LinkPasswords) => void;
}

const SWITCH = 'font-medium text-accent-ink underline-offset-2 hover:underline';

/**
 * After a mailed link (README "Account rules"): whoever signed up may not own the mailbox, so the
 * page asks for the password chosen at sign-up, or lets the mailbox owner choose a new one instead.
 */
export function LinkPasswordStep({
  title,
  description,
  submitLabel,
  isPending,
  error,
  onSubmit,
}: LinkPasswordStepProps) {
  const [isChoosingNew, setIsChoosingNew] = useState(false);
  // Errors belong to the form that was sent: the other form starts clean.
  const [sentFrom, setSentFrom] = useState<'sign-up' | 'new' | null>(null);
  const shown = sentFrom === (isChoosingNew ? 'new' : 'sign-up') ? error : undefined;

  if (isChoosingNew) {
    return (
      <>
        <AuthHeading
          title="Escolha uma nova senha"
          description="A senha informada no cadastro deixa de valer: só a nova senha entra na conta."
        />
        <ChoosePasswordForm
          submitLabel={submitLabel}
          isPending={isPending}
          passwordError={shown?.fieldErrors.new_password}
          formError={shown && !shown.fieldErrors.new_password ? shown.message : undefined}
          onSubmit={(password) => {
            setSentFrom('new');
            onSubmit({ new_password: password });
          }}
        />
        <button type="button" onClick={() => setIsChoosingNew(false)} className={`mt-4 text-sm ${SWITCH}`}>
          Voltar e digitar a senha do cadastro
        </button>
      </>
    );
  }

  return (
    <>
      <AuthHeading title={title} description={description} />
      <SignUpPasswordForm
        submitLabel={submitLabel}
        isPending={isPending}
        passwordError={shown?.fieldErrors.password}
        formError={shown && !shown.fieldErrors.password ? shown.message : undefined}
        onSubmit={(password) => {
          setSentFrom('sign-up');
          onSubmit({ password });
        }}
      />
      <p className="mt-6 rounded-lg border border-line bg-subtle px-4 py-3 text-sm">
        Não reconhece este cadastro ou esqueceu a senha?{' '}
        <button type="button" onClick={() => setIsChoosingNew(true)} className={SWITCH}>
          Escolha uma nova senha
        </button>
      </p>
    </>
  );
}
