import type { TTranscriptVersion } from '@escriba/contract';
import { correctedBy } from '../corrected-by';

/** What made a transcript version, as the record says it: "gravação encerrada", "corrigida por você". */
export function describeVersionSource(version: TTranscriptVersion, currentUserId: string | undefined): string {
  switch (version.source) {
    case 'recording':
      return 'gravação encerrada';
    case 'correction':
      return `corrigida ${correctedBy(version.author_id, currentUserId)}`;
  }
}
