import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { TextField } from '../../../../components/ui/text-field';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useUser } from '../../users/api/get-user';
import { useUsers } from '../../users/api/list-users';

const SUGGESTIONS = 6;

interface ProfessionalPickerProps {
  userId: string | undefined;
  onChange: (userId: string | undefined) => void;
}

/** The professional filter: a chosen one shown by name with a way out, otherwise a search by name. */
export function ProfessionalPicker({ userId, onChange }: ProfessionalPickerProps) {
  return userId ? (
    <ChosenProfessional userId={userId} onClear={() => onChange(undefined)} />
  ) : (
    <ProfessionalSearch onChoose={onChange} />
  );
}

function ChosenProfessional({ userId, onClear }: { userId: string; onClear: () => void }) {
  const user = useUser(userId);
  const name = user.data?.name ?? (user.isError ? 'Profissional não encontrado' : 'Carregando…');
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">Profissional</span>
      <div className="flex h-10 items-center gap-2 rounded-lg border border-accent-500/40 bg-accent-50 pr-1 pl-3 text-accent-ink dark:bg-accent-500/10">
        <Icon name="user-round" className="size-4 shrink-0" />
        <span className="min-w-0 flex-1 truncate font-medium" data-testid="chosen-professional">
          {name}
        </span>
        <Button variant="ghost" size="sm" aria-label={`Remover o filtro de profissional (${name})`} onClick={onClear}>
          <Icon name="x" className="size-4" />
        </Button>
      </div>
    </div>
  );
}

function ProfessionalSearch({ onChoose }: { onChoose: (userId: string) => void }) {
  const [text, setText] = useState('');
  const name = useDebouncedValue(text.trim(), 300);
  const found = useUsers(name.length >= 2 ? { name, page_size: SUGGESTIONS } : undefined);
  const isShown = text.trim().length >= 2 && name.length >= 2 && found.data !== undefined;
  return (
    <div className="relative">
      <TextField
        label="Profissional"
        type="search"
        placeholder="Busque pelo nome"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {isShown && (
        <ul
          aria-label="Profissionais encontrados"
          className="absolute inset-x-0 top-full z-10 mt-1 overflow-hidden rounded-lg border border-line bg-surface shadow-lg"
        >
          {found.data.items.length === 0 && <li className="px-3 py-2 text-sm text-muted">Nenhum profissional</li>}
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
