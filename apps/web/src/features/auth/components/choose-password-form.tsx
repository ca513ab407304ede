import { zodResolver } from '@hookform/resolvers/zod';
import { ZPassword } from '@escriba/contract';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { PasswordStrength } from './password-strength';

const ZChoosePasswordForm = z
  .object({ password: ZPassword, confirmation: z.string() })
  .refine((form) => form.password === form.confirmation, {
    message: 'As senhas não coincidem',
    path: ['confirmation'],
  });
type ChoosePasswordForm = z.input<typeof ZChoosePasswordForm>;

interface ChoosePasswordFormProps {
  submitLabel: string;
  isPending: boolean;
  /** The server's message about the password, shown beside it. */
  passwordError: string | undefined;
  /** Any other failure, shown above the form. */
  formError: string | undefined;
  onSubmit: (password: string) => void;
}

/** A new password typed twice, for a reset or for an account that chooses its password on verifying. */
export function ChoosePasswordForm({
  submitLabel,
  isPending,
  passwordError,
  formError,
  onSubmit,
}: ChoosePasswordFormProps) {
  const { register, handleSubmit, control, formState } = useForm<
    ChoosePasswordForm,
    unknown,
    z.output<typeof ZChoosePasswordForm>
  >({ resolver: zodResolver(ZChoosePasswordForm) });
  const password = useWatch({ control, name: 'password' }) ?? '';

  return (
    <form onSubmit={handleSubmit((form) => onSubmit(form.password))} noValidate className="flex flex-col gap-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <PasswordField
        label="Nova senha"
        autoComplete="new-password"
        error={formState.errors.password?.message ?? passwordError}
        {...register('password')}
      />
      <PasswordStrength password={password} />
      <PasswordField
        label="Confirme a nova senha"
        autoComplete="new-password"
        error={formState.errors.confirmation?.message}
        {...register('confirmation')}
      />
      <Button type="submit" isLoading={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
