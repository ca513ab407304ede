import { CONSULTATION_TRANSITIONS, type TConsultationStatus } from '@escriba/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { MENU_CONTENT_CLASSES, MENU_ITEM_CLASSES } from '../../../components/ui/menu-styles';
import { cn } from '../../../lib/cn';

type ManualStatus = Exclude<TConsultationStatus, 'recording' | 'processing'>;

// The recorder and the generator move a consultation into recording and processing, never a menu.
function isManual(status: TConsultationStatus): status is ManualStatus {
  return status === 'draft' || status === 'done';
}

function actionLabel(from: TConsultationStatus, to: ManualStatus): string {
  switch (to) {
    case 'draft':
      return from === 'done' ? 'Reabrir consulta' : 'Marcar como em aberto';
    case 'done':
      return 'Concluir consulta';
  }
}

interface StatusMenuProps {
  status: TConsultationStatus;
  isPending: boolean;
  onChange: (status: TConsultationStatus) => void;
}

/** The status changes the contract allows from the current one (CONSULTATION_TRANSITIONS) that a person makes by hand. */
export function StatusMenu({ status, isPending, onChange }: StatusMenuProps) {
  const targets = CONSULTATION_TRANSITIONS[status].filter(isManual);
  if (targets.length === 0) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm" isLoading={isPending}>
          Alterar status <Icon name="chevron-down" className="size-4" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={cn(MENU_CONTENT_CLASSES, 'min-w-52')}>
          {targets.map((target) => (
            <DropdownMenu.Item key={target} onSelect={() => onChange(target)} className={MENU_ITEM_CLASSES}>
              {actionLabel(status, target)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
