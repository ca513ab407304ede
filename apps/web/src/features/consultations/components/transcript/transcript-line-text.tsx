import { TRANSCRIPT_LINE_MAX_LENGTH, type TTranscriptSegment } from '@escriba/contract';
import { formatClock } from '../../../../lib/audio/clock';
import { readApiError } from '../../../../lib/api-error';
import { useCorrectTranscriptSegment } from '../../api/transcript-evidence';
import { InlineEdit } from '../inline-edit';

/** A transcribed segment; once the transcript is stored, corrected in place as a new version, its times kept. */
export function TranscriptLineText({
  consultationId,
  line,
  canEdit,
}: {
  consultationId: string;
  line: TTranscriptSegment;
  canEdit: boolean;
}) {
  const correct = useCorrectTranscriptSegment(consultationId);
  if (!canEdit) return <p className="min-w-0">{line.text}</p>;
  return (
    <div className="min-w-0 flex-1">
      <InlineEdit
        label={`Trecho ${formatClock(line.start)}`}
        value={line.text}
        maxLength={TRANSCRIPT_LINE_MAX_LENGTH}
        isSaving={correct.isPending}
        isCompact
        onSave={async (text) => {
          if (!text) return 'Informe o texto';
          try {
            await correct.mutateAsync({ seq: line.seq, index: line.index, text });
            return undefined;
          } catch (error) {
            return readApiError(error).message;
          }
        }}
        renderValue={(text) => <p>{text}</p>}
      />
    </div>
  );
}
