import { TRANSCRIPT_LINE_MAX_LENGTH, type TTranscriptSegment } from '@escriba/contract';
import { formatClock } from '../../../../lib/audio/clock';
import { readApiError } from '../../../../lib/api-error';
import { cn } from '../../../../lib/cn';
import { useCorrectTranscriptSegment } from '../../api/transcript-evidence';
import { InlineEdit } from '../inline-edit';
import { isInterim } from './apply-live-message';

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
  if (!canEdit) {
    // Words so far, lighter until the chunk's final text replaces them in place.
    const interim = isInterim(line);
    return (
      <p className={cn('min-w-0', interim && 'text-muted italic')} data-interim={interim || undefined}>
        {line.text}
      </p>
    );
  }
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
