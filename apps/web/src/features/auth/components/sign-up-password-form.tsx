import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';

interface SignUpPasswordFormProps {
  submitLabel: string;
  isPending: boolean;
  /** The server's message about the password, shown beside it. */
  passwordError: string | undefined;
  /** Any other failure, shown above the form. */
  formError: string | undefined;
  onSubmit: (password: string) => void;
}

/** The password chosen at sign-up, typed again to show that whoever opened the mailed link signed up. */
export function SignUpPasswordForm({
  submitLabel,
  isPending,
  passwordError,
  formError,
  onSubmit,
}: SignUpPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [isBlank, setIsBlank] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsBlank(password === '');
    if (password !== '') onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <PasswordField
        label="Senha do cadastro"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={isBlank ? 'Informe a senha escolhida no cadastro' : passwordError}
      />
      <Button type="submit" isLoading={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
