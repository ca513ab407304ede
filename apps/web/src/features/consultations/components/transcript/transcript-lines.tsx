import type { CSSProperties } from 'react';
import { useHighlightedSegments } from '../sources/source-highlight';
import { lineKey, TranscriptLine, type TranscriptLineItem } from './transcript-line';
import type { LineVirtualizer } from './use-line-virtualizer';
import { useRevealSourceLine } from './use-reveal-source-line';

/**
 * The transcript's lines, the lines a note's "Fontes" cites marked and the first brought into view; a long
 * transcript keeps only the lines in view in the page (`lineVirtualizer`, made by the pane that holds the scroller).
 */
export function TranscriptLines({
  consultationId,
  lines,
  canEdit,
  lineVirtualizer,
}: {
  consultationId: string;
  lines: readonly TranscriptLineItem[];
  canEdit: boolean;
  lineVirtualizer: LineVirtualizer;
}) {
  const { virtualizer, isVirtual, focusHandlers } = lineVirtualizer;
  const sources = useHighlightedSegments();
  const firstSourceIndex = lines.findIndex((line) => sources.seqs.has(line.seq));
  const firstSourceRef = useRevealSourceLine(firstSourceIndex, sources.request, lineVirtualizer);
  const renderLine = (index: number, style?: CSSProperties) => (
    <TranscriptLine
      key={lineKey(lines[index]!)}
      consultationId={consultationId}
      line={lines[index]!}
      position={index}
      lineCount={lines.length}
      canEdit={canEdit}
      isSource={sources.seqs.has(lines[index]!.seq)}
      ref={index === firstSourceIndex ? firstSourceRef : isVirtual ? virtualizer.measureElement : undefined}
      style={style}
    />
  );

  // New lines are announced by the pane's live region, not by this list: scrolling a long one adds lines too.
  if (!isVirtual) {
    return (
      <ol className="flex flex-col gap-2" aria-label="Trechos transcritos" {...focusHandlers}>
        {lines.map((_, index) => renderLine(index))}
      </ol>
    );
  }
  return (
    <ol
      className="relative shrink-0"
      style={{ height: virtualizer.getTotalSize() }}
      aria-label="Trechos transcritos"
      {...focusHandlers}
    >
      {virtualizer.getVirtualItems().map((item) =>
        renderLine(item.index, {
          position: 'absolute',
          top: 0,
          left: 0,
          width: '100%',
          translate: `0 ${item.start}px`,
        }),
      )}
    </ol>
  );
}
