import { MAX_BONUS_CREDITS, ZAddBonusCreditQuery, type TAddBonusCreditQuery } from '@escriba/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { TextField } from '../../../../components/ui/text-field';
import { applyApiError } from '../../../../lib/form-errors';
import { formResolver } from '../../../../lib/form-resolver';
import { toasts } from '../../../../lib/toast-store';
import { useAddBonusCredit } from '../api/add-bonus-credit';
import { formatCount } from '../../../../lib/plural';

/** "Dar créditos": an amount and a reason, checked with the contract's own rules. */
export function BonusCreditForm({ userId }: { userId: string }) {
  const addBonus = useAddBonusCredit(userId);
  const [formError, setFormError] = useState<string>();
  const form = useForm<TAddBonusCreditQuery, unknown, z.output<typeof ZAddBonusCreditQuery>>({
    resolver: formResolver(ZAddBonusCreditQuery),
    defaultValues: { amount: '', reason: '' },
  });
  const errors = form.formState.errors;

  // Awaited, so the form stays submitting (its button disabled) until the answer: a double click grants once.
  const submit = form.handleSubmit((query) => {
    setFormError(undefined);
    return addBonus.mutateAsync(query).then(
      ({ credits }) => {
        form.reset();
        toasts.add({
          title: 'Créditos concedidos',
          description: `Novo saldo: ${formatCount(credits, 'crédito', 'créditos')}.`,
          color: 'success',
        });
      },
      (error: unknown) => setFormError(applyApiError(error, form.setError, ['amount', 'reason'])),
    );
  });

  return (
    <form
      onSubmit={submit}
      aria-label="Dar créditos"
      className="flex flex-col gap-3 rounded-xl bg-subtle p-4"
      noValidate
    >
      <h3 className="font-semibold">Dar créditos</h3>
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:items-start">
        <TextField
          label="Quantidade"
          inputMode="numeric"
          hint={`De 1 a ${MAX_BONUS_CREDITS}`}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <TextField
          label="Motivo"
          placeholder="Ex.: cortesia pelo atraso no suporte"
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <Button type="submit" className="sm:mt-7" isLoading={addBonus.isPending || form.formState.isSubmitting}>
          <Icon name="coins" className="size-4" /> Dar créditos
        </Button>
      </div>
    </form>
  );
}
