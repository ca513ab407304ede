import type { TTranscriptVersion } from '@escriba/contract';

/** What made a transcript version, as the record says it: "gravação encerrada", "corrigida por você". */
export function describeVersionSource(version: TTranscriptVersion, currentUserId: string | undefined): string {
  switch (version.source) {
    case 'recording':
      return 'gravação encerrada';
    case 'correction':
      return version.author_id === currentUserId ? 'corrigida por você' : 'corrigida por outra pessoa';
  }
}
