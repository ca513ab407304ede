import type { ReactNode } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';

interface GenerationFailedAlertProps {
  /** "A anamnese não foi gerada". */
  title: string;
  /** The server's words on what went wrong. */
  failure: string;
  /** What stays as it was, if anything ("A nota anterior continua como estava."). */
  kept?: string;
  onRetry: () => void;
  canRetry: boolean;
  /** Other ways out, beside "Tentar de novo". */
  children?: ReactNode;
}

/** A generation that failed after it started: what happened, that its credit came back, and trying again. */
export function GenerationFailedAlert({
  title,
  failure,
  kept,
  onRetry,
  canRetry,
  children,
}: GenerationFailedAlertProps) {
  const refund = /devolvid/i.test(failure) ? '' : ' O crédito usado foi devolvido.';
  return (
    <Alert tone="error">
      <p className="font-semibold">{title}</p>
      <p>
        {failure}
        {refund}
        {kept ? ` ${kept}` : ''}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onRetry} disabled={!canRetry}>
          <Icon name="refresh-cw" className="size-4" /> Tentar de novo
        </Button>
        {children}
      </div>
    </Alert>
  );
}
