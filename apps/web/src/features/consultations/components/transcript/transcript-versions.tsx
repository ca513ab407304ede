import { useMe } from '../../../../lib/api/get-me';
import { formatDateTime } from '../../../../lib/format';
import { useTranscriptEvidence } from '../../api/transcript-evidence';
import { describeVersionSource } from './version-source';

/** After the recording ends: every version of the stored transcript, newest first, each saying what made it. */
export function TranscriptVersions({ consultationId, canEdit }: { consultationId: string; canEdit: boolean }) {
  const evidence = useTranscriptEvidence(consultationId, true).data;
  const currentUserId = useMe().data?.id;
  if (!evidence) return null;

  return (
    <section aria-labelledby="transcript-versions" className="flex flex-col gap-1.5 border-t border-line pt-3">
      <h3 id="transcript-versions" className="text-sm font-medium">
        Versões da transcrição
      </h3>
      <ol className="flex flex-col gap-0.5 text-xs text-muted" data-testid="transcript-versions">
        {evidence.versions.toReversed().map((version) => (
          <li key={version.version}>
            <span className={version.version === evidence.version ? 'font-medium text-ink' : undefined}>
              Versão {version.version} — {describeVersionSource(version, currentUserId)}
            </span>{' '}
            · {formatDateTime(version.created_at)}
            {version.version === evidence.version && ' (atual)'}
          </li>
        ))}
      </ol>
      {canEdit && (
        <p className="text-xs text-muted">
          Algo mal entendido? Corrija o trecho no lápis ao lado dele: cada correção é uma nova versão, e as anteriores
          continuam guardadas.
        </p>
      )}
    </section>
  );
}
