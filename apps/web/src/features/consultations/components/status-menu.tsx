import { CONSULTATION_TRANSITIONS, type TConsultationStatus } from '@escriba/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';

type ManualStatus = Exclude<TConsultationStatus, 'recording' | 'processing'>;

// The recorder and the generator move a consultation into recording and processing, never a menu.
function isManual(status: TConsultationStatus): status is ManualStatus {
  return status === 'draft' || status === 'done';
}

function actionLabel(from: TConsultationStatus, to: ManualStatus): string {
  switch (to) {
    case 'draft':
      return from === 'done' ? 'Reabrir consulta' : 'Voltar para rascunho';
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
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-xl border border-line bg-surface p-1 shadow-lg"
        >
          {targets.map((target) => (
            <DropdownMenu.Item
              key={target}
              onSelect={() => onChange(target)}
              className="flex h-9 cursor-pointer items-center rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-subtle"
            >
              {actionLabel(status, target)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
