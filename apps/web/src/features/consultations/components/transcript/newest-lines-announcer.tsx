import { SPEAKER_LABELS } from '@escriba/contract';
import { formatClock } from '../../../../lib/audio/clock';
import { isInterim } from './apply-live-message';
import type { TranscriptLineItem } from './transcript-line';

/**
 * While the transcript is live, tells a screen reader the final lines of the newest chunk as they arrive (or as their
 * speaker is learnt), once each: the list itself is no live region, since scrolling a long one puts lines in the
 * page too and an hour of them must not be read out.
 */
export function NewestLinesAnnouncer({ lines, isLive }: { lines: readonly TranscriptLineItem[]; isLive: boolean }) {
  // Words so far change with every word: only a chunk's final lines are read out.
  const final = lines.filter((line) => !isInterim(line));
  const newestSeq = final.at(-1)?.seq;
  const newest = isLive ? final.filter((line) => line.seq === newestSeq) : [];
  return (
    <p className="sr-only" aria-live="polite" data-testid="transcript-announcer">
      {newest.map(describeLine).join(' ')}
    </p>
  );
}

function describeLine(line: TranscriptLineItem): string {
  const time = formatClock(line.start);
  if (!('index' in line)) return `${time} Trecho não transcrito (${line.reason}).`;
  return `${time} ${SPEAKER_LABELS[line.speaker]}: ${line.text}`;
}
