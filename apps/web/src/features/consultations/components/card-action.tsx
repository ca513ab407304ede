import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import type { IconName } from '../../../lib/icon-names';

/** A small action under a part of the note or of a document (Copiar, Editar, Fontes…); pressed, it is marked. */
export function CardAction({ icon, children, ...props }: ComponentProps<typeof Button> & { icon: IconName }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-7 gap-1 px-1.5 text-xs text-muted hover:text-ink aria-pressed:bg-amber-100 aria-pressed:text-amber-900 dark:aria-pressed:bg-amber-400/15 dark:aria-pressed:text-amber-200"
      {...props}
    >
      <Icon name={icon} className="size-3.5" />
      {children}
    </Button>
  );
}
