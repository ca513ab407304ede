import type { TPrescriptionCheck, TPrescriptionItemCheck, TPrescriptionType } from '@escriba/contract';
import { useId } from 'react';
import { Alert } from '../../../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../../../components/ui/badge';
import { PRESCRIPTION_TYPES } from '../document-labels';

const TYPE_TONES: Record<TPrescriptionType, BadgeTone> = {
  simples: 'neutral',
  antimicrobiano: 'accent',
  controle_especial: 'warning',
  notificacao: 'danger',
};

/** The tone of a line's list: the tone of the receita it makes. */
function toneOf(check: TPrescriptionItemCheck): BadgeTone {
  if (check.list === 'antimicrobiano') return TYPE_TONES.antimicrobiano;
  if (check.list?.startsWith('C') && check.list !== 'C4') return TYPE_TONES.controle_especial;
  return check.list && /^[AB]/.test(check.list) ? TYPE_TONES.notificacao : 'neutral';
}

/** A line's list as a badge ("Antimicrobiano", "Notificação B1"), the reason shown on hover and on focus. */
export function PrescriptionItemBadge({ check }: { check: TPrescriptionItemCheck }) {
  const id = useId();
  if (!check.label) return null;
  return (
    <button
      type="button"
      aria-describedby={id}
      className="group relative inline-flex w-fit cursor-help rounded-full focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none"
    >
      <Badge tone={toneOf(check)}>{check.label}</Badge>
      <span
        role="tooltip"
        id={id}
        className="invisible absolute top-full left-0 z-10 mt-1.5 w-72 max-w-[80vw] rounded-lg bg-ink px-2.5 py-1.5 text-left text-xs leading-snug font-normal text-surface shadow-lg group-hover:visible group-focus:visible"
      >
        {check.reason}
      </span>
    </button>
  );
}

/**
 * Under the lines: the receita's type and why, as its medications make it. A receita needing a Notificação de Receita
 * says plainly that Escriba does not issue it, and how to print it for the notificação.
 */
export function PrescriptionTypeLine({ check }: { check: TPrescriptionCheck }) {
  const { title } = PRESCRIPTION_TYPES[check.type];
  if (check.type === 'notificacao') {
    return (
      <Alert tone="warning">
        <p className="font-semibold">{title}: não emitida nem assinada pelo Escriba</p>
        <p>{check.reason}</p>
        <p className="mt-1">Use “Imprimir” ou “Abrir PDF” para a receita impressa, sem assinatura digital.</p>
      </Alert>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted" data-testid="prescription-type">
      <Badge tone={TYPE_TONES[check.type]}>{title}</Badge>
      {check.reason}
    </p>
  );
}
