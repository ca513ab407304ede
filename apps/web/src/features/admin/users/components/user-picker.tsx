import { useState } from 'react';
import { FilterChip } from '../../../../components/ui/filter-chip';
import { TextField } from '../../../../components/ui/text-field';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useUser } from '../api/get-user';
import { useUsers } from '../api/list-users';

const SUGGESTIONS = 6;

interface UserPickerProps {
  /** The filter's name: "Profissional", "Quem acessou". */
  label: string;
  /** Names the suggestions for assistive technology: "Profissionais encontrados". */
  foundLabel: string;
  userId: string | undefined;
  onChange: (userId: string | undefined) => void;
}

/** A filter by user: a chosen one shown by name with a way out, otherwise a search by name. */
export function UserPicker({ label, foundLabel, userId, onChange }: UserPickerProps) {
  return userId ? (
    <ChosenUser label={label} userId={userId} onClear={() => onChange(undefined)} />
  ) : (
    <UserSearch label={label} foundLabel={foundLabel} onChoose={onChange} />
  );
}

function ChosenUser({ label, userId, onClear }: { label: string; userId: string; onClear: () => void }) {
  const user = useUser(userId);
  const name = user.data?.name ?? (user.isError ? 'Usuário não encontrado' : 'Carregando…');
  return <FilterChip label={label} icon="user-round" value={name} onRemove={onClear} testId="chosen-user" />;
}

function UserSearch({
  label,
  foundLabel,
  onChoose,
}: Omit<UserPickerProps, 'userId' | 'onChange'> & {
  onChoose: (userId: string) => void;
}) {
  const [text, setText] = useState('');
  const name = useDebouncedValue(text.trim(), 300);
  const found = useUsers(name.length >= 2 ? { name, page_size: SUGGESTIONS } : undefined);
  const isShown = text.trim().length >= 2 && name.length >= 2 && found.data !== undefined;
  return (
    <div className="relative">
      <TextField
        label={label}
        type="search"
        placeholder="Busque pelo nome"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {isShown && (
        <ul
          aria-label={foundLabel}
          className="absolute inset-x-0 top-full z-10 mt-1 overflow-hidden rounded-lg border border-line bg-surface shadow-lg"
        >
          {found.data.items.length === 0 && <li className="px-3 py-2 text-sm text-muted">Ninguém com esse nome</li>}
          {found.data.items.map((user) => (
            <li key={user.id}>
              <button
                type="button"
                onClick={() => onChoose(user.id)}
                className="w-full px-3 py-2 text-left hover:bg-subtle focus-visible:bg-subtle"
              >
                <span className="block font-medium">{user.name}</span>
                <span className="block truncate text-sm text-muted">{user.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
