import type { TEvidenceDetail } from '@escriba/contract';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { useMe } from '../../../../lib/api/get-me';
import { formatDateTime } from '../../../../lib/format';
import { correctedBy } from '../corrected-by';
import { OriginalText } from './evidence-text';

/** Says who corrected the text read from the file and when, and shows the text as read on request. */
export function EvidenceCorrectionNotice({ evidence }: { evidence: TEvidenceDetail }) {
  const currentUserId = useMe().data?.id;
  const [isOriginalShown, setIsOriginalShown] = useState(false);
  const latest = evidence.versions.at(-1);
  if (!evidence.original || latest?.source !== 'correction') return null;
  return (
    <div className="mb-3 flex flex-col gap-3 rounded-lg border border-line px-3 py-2.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm">
          <Icon name="pencil" className="size-4 text-muted" />
          Texto corrigido {correctedBy(latest.author_id, currentUserId)} em {formatDateTime(latest.created_at)}
        </p>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={isOriginalShown}
          onClick={() => setIsOriginalShown((isShown) => !isShown)}
        >
          {isOriginalShown ? 'Ocultar texto original' : 'Ver texto original'}
        </Button>
      </div>
      {isOriginalShown && (
        <section aria-label="Texto original, como lido do arquivo">
          <p className="mb-2 text-xs text-muted">Como lido do arquivo, antes da correção:</p>
          <OriginalText text={evidence.original.text} pages={evidence.original.pages} />
        </section>
      )}
    </div>
  );
}
