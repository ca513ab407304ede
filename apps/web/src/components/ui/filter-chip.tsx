import type { IconName } from '../../lib/icon-names';
import { Button } from './button';
import { Icon } from './icon';

interface FilterChipProps {
  /** The filter's name, shown above like a field's label. */
  label: string;
  icon: IconName;
  value: string;
  /** The whole value, where `value` is cut short. */
  title?: string;
  onRemove: () => void;
  testId?: string;
}

/** A filter in force, in a field's place: what it keeps and a button that removes it. */
export function FilterChip({ label, icon, value, title, onRemove, testId }: FilterChipProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex h-10 items-center gap-2 rounded-lg border border-accent-500/40 bg-accent-50 pr-1 pl-3 text-accent-ink dark:bg-accent-500/10">
        <Icon name={icon} className="size-4 shrink-0" />
        <span className="min-w-0 flex-1 truncate font-medium" title={title} data-testid={testId}>
          {value}
        </span>
        <Button variant="ghost" size="sm" aria-label={`Remover o filtro “${label}” (${value})`} onClick={onRemove}>
          <Icon name="x" className="size-4" />
        </Button>
      </div>
    </div>
  );
}
