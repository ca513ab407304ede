import { ZScope, ZUserStatus } from '@escriba/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { SCOPE_LABELS, USER_STATUS_LABELS } from '../user-labels';

export const USER_FILTER_KEYS = [
  'name',
  'email',
  'cpf',
  'status',
  'scope',
  'cpf_dispute',
  'created_from',
  'created_to',
] as const;
export type UserFilters = Partial<Record<(typeof USER_FILTER_KEYS)[number], string>>;

interface UserFiltersFormProps {
  /** The filters in the address; the page gives the form a new `key` when they change from outside. */
  initial: UserFilters;
  onApply: (filters: UserFilters) => void;
}

/** Applied together with "Filtrar" (or Enter), so the address changes once per search. */
export function UserFiltersForm({ initial, onApply }: UserFiltersFormProps) {
  const [filters, setFilters] = useState<UserFilters>(initial);
  const field = (key: keyof UserFilters) => ({
    value: filters[key] ?? '',
    onChange: (event: { target: { value: string } }) => setFilters({ ...filters, [key]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filters);
  };
  const hasFilters = Object.values(initial).some(Boolean);

  return (
    <form
      role="search"
      aria-label="Filtrar usuários"
      onSubmit={submit}
      className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField label="Nome" type="search" placeholder="Parte do nome" {...field('name')} />
      <TextField label="E-mail" type="search" placeholder="Parte do e-mail" {...field('email')} />
      <TextField label="CPF" type="search" inputMode="numeric" placeholder="Algarismos do CPF" {...field('cpf')} />
      <SelectField label="Status" {...field('status')}>
        <option value="">Todos</option>
        {ZUserStatus.options.map((status) => (
          <option key={status} value={status}>
            {USER_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Perfil" {...field('scope')}>
        <option value="">Todos</option>
        {ZScope.options.map((scope) => (
          <option key={scope} value={scope}>
            {SCOPE_LABELS[scope]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Contestação de CPF" {...field('cpf_dispute')}>
        <option value="">Todas</option>
        <option value="open">Em aberto</option>
      </SelectField>
      <TextField label="Cadastro a partir de" type="date" {...field('created_from')} />
      <TextField label="Cadastro até" type="date" {...field('created_to')} />
      <div className="flex items-end gap-2">
        <Button type="submit" className="flex-1">
          <Icon name="search" className="size-4" /> Filtrar
        </Button>
        {hasFilters && (
          <Button variant="secondary" onClick={() => onApply({})}>
            <Icon name="filter-x" className="size-4" /> Limpar
          </Button>
        )}
      </div>
    </form>
  );
}
