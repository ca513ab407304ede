import { STYLE_PREFERENCE_MAX_LENGTH, ZStylePreference } from '@escriba/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { applyApiError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';

const ZPreferenceForm = z.object({ text: ZStylePreference });
type PreferenceForm = z.infer<typeof ZPreferenceForm>;

interface StylePreferenceFormProps {
  label: string;
  initial?: string;
  submitLabel: string;
  isPending: boolean;
  /** `onError` shows the server's answer; `onSaved` empties the form for the next one. */
  onSubmit: (text: string, callbacks: { onError: (error: unknown) => void; onSaved: () => void }) => void;
  onCancel?: () => void;
}

/** One preference written or rewritten by hand: a single short line. */
export function StylePreferenceForm({
  label,
  initial = '',
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: StylePreferenceFormProps) {
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, setFocus, reset, formState } = useForm<PreferenceForm>({
    resolver: formResolver(ZPreferenceForm),
    defaultValues: { text: initial },
  });
  const isRewriting = initial !== '';
  // A preference opened for rewriting is typed into at once; the form for a new one waits to be chosen.
  useEffect(() => {
    if (isRewriting) setFocus('text');
  }, [isRewriting, setFocus]);

  const submit = handleSubmit(({ text }) => {
    setFormError(undefined);
    onSubmit(text, {
      onError: (error) => setFormError(applyApiError(error, setError, ['text'])),
      onSaved: () => reset({ text: '' }),
    });
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="flex flex-wrap items-start gap-2">
        <TextField
          label={label}
          placeholder="Ex.: prefere listas; usa abreviações: HAS, DM2"
          hint={`Uma linha, até ${STYLE_PREFERENCE_MAX_LENGTH} caracteres.`}
          maxLength={STYLE_PREFERENCE_MAX_LENGTH}
          className="min-w-60 flex-1"
          error={formState.errors.text?.message}
          {...register('text')}
        />
        <div className="flex gap-2 sm:mt-6">
          {onCancel && (
            <Button variant="secondary" onClick={onCancel}>
              Cancelar
            </Button>
          )}
          <Button type="submit" isLoading={isPending}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
