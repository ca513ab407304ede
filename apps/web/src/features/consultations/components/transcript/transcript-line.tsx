import type { TFailedChunk, TTranscriptSegment } from '@escriba/contract';
import type { CSSProperties, Ref } from 'react';
import { Icon } from '../../../../components/ui/icon';
import { formatClock } from '../../../../lib/audio/clock';
import { cn } from '../../../../lib/cn';
import { SOURCE_HIGHLIGHT_CLASSES } from '../sources/source-highlight';
import { SpeakerBadge } from './speaker-badge';
import { TranscriptLineText } from './transcript-line-text';

/** A transcribed segment, or a chunk that could not be transcribed in its place. */
export type TranscriptLineItem = TTranscriptSegment | TFailedChunk;

/** Stable across renders and live updates: React's key and the virtualiser's measurements follow it. */
export function lineKey(line: TranscriptLineItem): string {
  return 'index' in line ? `${line.seq}:${line.index}` : `failed:${line.seq}`;
}

/** One line of the transcript: its time, who said it (changed in one click once stored) and its text. */
export function TranscriptLine({
  consultationId,
  line,
  position,
  lineCount,
  canEdit,
  isSource,
  ref,
  style,
}: {
  consultationId: string;
  line: TranscriptLineItem;
  /** From 0; with `lineCount`, tells assistive technology where the line is when only some are in the page. */
  position: number;
  lineCount: number;
  canEdit: boolean;
  isSource: boolean;
  ref?: Ref<HTMLLIElement>;
  style?: CSSProperties;
}) {
  return (
    <li
      ref={ref}
      style={style}
      data-index={position}
      aria-posinset={position + 1}
      aria-setsize={lineCount}
      className={cn(
        'flex gap-3 text-sm leading-relaxed',
        isSource && `${SOURCE_HIGHLIGHT_CLASSES} rounded-md px-1.5 py-1`,
      )}
      data-testid="transcript-line"
      data-source={isSource || undefined}
    >
      <time className="shrink-0 pt-px font-mono text-xs text-muted tabular-nums">{formatClock(line.start)}</time>
      {'index' in line ? (
        <div className="flex min-w-0 flex-1 items-start gap-2">
          {/* As wide as the longest role, so every line's text starts at the same place. */}
          <div className="w-[7.25rem] shrink-0">
            <SpeakerBadge consultationId={consultationId} segment={line} canEdit={canEdit} />
          </div>
          <TranscriptLineText consultationId={consultationId} line={line} canEdit={canEdit} />
        </div>
      ) : (
        <p className="min-w-0 text-warning" data-testid="transcript-failed">
          <Icon name="triangle-alert" className="mr-1 inline size-4 align-text-bottom" />
          Trecho não transcrito ({line.reason}). O áudio continua guardado.
        </p>
      )}
    </li>
  );
}
