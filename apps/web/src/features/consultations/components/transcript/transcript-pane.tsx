import type { TPartialTranscript } from '@escriba/contract';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { cn } from '../../../../lib/cn';
import { usePartialTranscript } from '../../api/get-partial-transcript';
import { LevelMeter } from '../recorder/level-meter';
import { useLiveRecording } from '../recorder/live-recording';
import { useOutbox } from '../recorder/use-outbox';
import type { LiveTranscript } from './apply-live-message';
import { LiveDelayNotice, ProviderNotice } from './provider-notice';
import { NewestLinesAnnouncer } from './newest-lines-announcer';
import type { TranscriptLineItem } from './transcript-line';
import { TranscriptLines } from './transcript-lines';
import { TranscriptVersions } from './transcript-versions';
import { useFollowNewest } from './use-follow-newest';
import { useLineVirtualizer } from './use-line-virtualizer';
import { useLiveTranscript } from './use-live-transcript';
import { formatCount } from '../../../../lib/plural';

/**
 * The transcript as it grows: one line per segment with its time and who said it, what is still being transcribed;
 * once stored, each line's text and speaker corrected in place.
 */
export function TranscriptPane({
  consultationId,
  isReadOnly,
  isAiEnabled = true,
  fillsPane = false,
}: {
  consultationId: string;
  isReadOnly: boolean;
  /** false: a consultation without AI, where nothing is recorded. */
  isAiEnabled?: boolean;
  /** The main pane, as tall as the screen leaves it: the lines take all of it (issue 31 §3), not a fixed share. */
  fillsPane?: boolean;
}) {
  useLiveTranscript(consultationId);
  const transcript: LiveTranscript | undefined = usePartialTranscript(consultationId).data;
  const outbox = useOutbox(consultationId);
  const lines = transcriptLines(transcript);
  const isFinished = transcript?.state === 'stopped';
  const isRecording = useLiveRecording(consultationId, (recording) => recording.phase === 'recording');
  // A finished transcript is read from its start; a live one follows the conversation.
  const isLive = !isFinished || isRecording;
  const { listRef, onScroll, hasNewLines, showNewest } = useFollowNewest<HTMLDivElement>(
    lines.length,
    isLive,
    transcript,
  );
  const canEdit = isFinished && !isReadOnly;
  const lineVirtualizer = useLineVirtualizer(lines, listRef, canEdit);
  const versions = isFinished && !isRecording && (
    <TranscriptVersions consultationId={consultationId} canEdit={!isReadOnly} />
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex items-center gap-2">
        <Icon name="audio-lines" className="size-5 text-accent-600" />
        <h2 className="text-base font-semibold">Transcrição</h2>
        {transcript && <StateBadge state={transcript.state} hasAudio={transcript.next_seq > 0} />}
      </div>
      {transcript && <ProviderNotice transcript={transcript} />}
      {transcript?.live_delay && <LiveDelayNotice detail={transcript.live_delay} />}
      {lines.length === 0 && isRecording ? (
        <Listening consultationId={consultationId} />
      ) : lines.length === 0 ? (
        <p className="text-sm text-muted">
          {transcript && transcript.next_seq > 0
            ? 'O áudio chegou; o texto aparece aqui assim que cada trecho for transcrito.'
            : !isAiEnabled
              ? 'Consulta sem IA: nada é gravado nem transcrito.'
              : 'Comece a gravar: a conversa aparece aqui enquanto você fala, trecho a trecho, com o tempo de cada um.'}
        </p>
      ) : (
        <div className="relative flex min-h-0 flex-col">
          {/* The versions scroll with the lines, under the last one, instead of taking a fixed share of the pane.
              A scrolling region is reached and scrolled by keyboard too (PageDown, Home, End; WCAG 2.1.1), also where
              no line has a button to reach it by. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- its keys scroll it */}
          <div
            ref={listRef}
            onScroll={onScroll}
            onKeyDown={lineVirtualizer.onScrollerKeyDown}
            data-testid="transcript-scroller"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a labelled region that scrolls
            tabIndex={0}
            role="region"
            aria-label="Transcrição"
            className={cn(
              'flex flex-col gap-3 overflow-y-auto rounded-md pr-1 focus-visible:ring-2 focus-visible:ring-focus-ring focus-visible:outline-none',
              !fillsPane && 'max-h-[min(28rem,50vh)]',
            )}
          >
            <TranscriptLines
              consultationId={consultationId}
              lines={lines}
              canEdit={canEdit}
              lineVirtualizer={lineVirtualizer}
            />
            {versions}
          </div>
          {hasNewLines && (
            <Button
              size="sm"
              className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full shadow-lg"
              onClick={showNewest}
            >
              <Icon name="chevron-down" className="size-4" /> Novas falas
            </Button>
          )}
        </div>
      )}
      <NewestLinesAnnouncer lines={lines} isLive={isLive} />
      <PendingLine transcribing={transcript?.pending ?? 0} unsent={outbox.waitingChunks} />
      {lines.length === 0 && versions}
    </div>
  );
}

/** Transcribed segments and the chunks that could not be transcribed, in the order they were recorded (segments of a chunk in theirs). */
function transcriptLines(transcript: TPartialTranscript | undefined): TranscriptLineItem[] {
  if (!transcript) return [];
  const spoken = transcript.segments.filter((segment) => segment.text.trim());
  return [...spoken, ...transcript.failed_chunks].sort((a, b) => a.seq - b.seq);
}

function StateBadge({ state, hasAudio }: { state: 'recording' | 'stopping' | 'stopped'; hasAudio: boolean }) {
  if (!hasAudio) return null;
  switch (state) {
    case 'recording':
      return (
        <Badge tone="danger" hasDot className="ml-auto">
          Ao vivo
        </Badge>
      );
    case 'stopping':
      return (
        <Badge tone="warning" hasDot className="ml-auto">
          Finalizando
        </Badge>
      );
    case 'stopped':
      return (
        <Badge tone="success" className="ml-auto">
          Transcrição concluída
        </Badge>
      );
  }
}

/** From the moment the microphone opens until the first line: the app hears her. */
function Listening({ consultationId }: { consultationId: string }) {
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-dashed border-line px-4 py-3"
      data-testid="transcript-listening"
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <span className="size-2 animate-pulse rounded-full bg-danger" aria-hidden />
        Ouvindo…
        <LevelMeter consultationId={consultationId} className="ml-auto w-32" />
      </p>
      <p className="text-sm text-muted">A primeira fala aparece aqui em poucos segundos.</p>
    </div>
  );
}

function PendingLine({ transcribing, unsent }: { transcribing: number; unsent: number }) {
  if (transcribing === 0 && unsent === 0) return null;
  const parts = [
    transcribing > 0 && formatCount(transcribing, 'trecho sendo transcrito', 'trechos sendo transcritos'),
    unsent > 0 && formatCount(unsent, 'trecho aguardando envio', 'trechos aguardando envio'),
  ].filter(Boolean);
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted" data-testid="transcript-pending">
      <Icon name="loader-circle" className="size-3.5 animate-spin" /> {parts.join(' · ')}
    </p>
  );
}
