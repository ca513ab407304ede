import { SPEAKER_LABELS, SPEAKERS, type TSpeaker, type TTranscriptSegment } from '@escriba/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Icon } from '../../../../components/ui/icon';
import { MENU_CONTENT_CLASSES, MENU_ITEM_CLASSES } from '../../../../components/ui/menu-styles';
import { formatClock } from '../../../../lib/audio/clock';
import { readApiError } from '../../../../lib/api-error';
import { cn } from '../../../../lib/cn';
import { toasts } from '../../../../lib/toast-store';
import { useCorrectTranscriptSegment } from '../../api/transcript-evidence';

// Each role its own colour, so who speaks reads at a glance down the transcript.
const TONES: Record<TSpeaker, string> = {
  profissional: 'bg-accent-50 text-accent-ink dark:bg-accent-500/15',
  paciente: 'bg-sky-50 text-sky-800 dark:bg-sky-500/15 dark:text-sky-200',
  acompanhante: 'bg-violet-50 text-violet-800 dark:bg-violet-500/15 dark:text-violet-200',
  desconhecido: 'border border-dashed border-line text-muted',
};

const BADGE =
  'inline-flex h-5 shrink-0 items-center gap-0.5 rounded-full px-2 text-[0.6875rem] font-semibold whitespace-nowrap';

/**
 * Who said a segment. Once the transcript is stored, one click opens a menu to change it, saved as a correction
 * (a new version of the transcript); while recording it only shows.
 */
export function SpeakerBadge({
  consultationId,
  segment,
  canEdit,
}: {
  consultationId: string;
  segment: TTranscriptSegment;
  canEdit: boolean;
}) {
  const correct = useCorrectTranscriptSegment(consultationId);
  const label = SPEAKER_LABELS[segment.speaker];
  if (!canEdit) {
    return (
      <span className={cn(BADGE, TONES[segment.speaker])} data-testid="speaker-badge">
        {label}
      </span>
    );
  }
  const change = async (speaker: TSpeaker) => {
    if (speaker === segment.speaker) return;
    try {
      await correct.mutateAsync({ seq: segment.seq, index: segment.index, speaker });
    } catch (error) {
      toasts.add({
        title: 'Não foi possível mudar quem fala',
        description: readApiError(error).message,
        color: 'error',
      });
    }
  };
  return (
    // Not modal: a modal menu hides every other element of the page from assistive technology and locks its scroll
    // when it opens, a walk over the whole page (and a long transcript is most of it) before the menu paints.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(
          BADGE,
          TONES[segment.speaker],
          'cursor-pointer transition-shadow hover:ring-1 hover:ring-current focus-visible:ring-2 focus-visible:ring-focus-ring focus-visible:outline-none',
          correct.isPending && 'opacity-60',
        )}
        aria-label={`${label}: mudar quem fala no trecho ${formatClock(segment.start)}`}
        data-testid="speaker-badge"
      >
        {label}
        <Icon name="chevron-down" className="size-3" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={4} className={cn(MENU_CONTENT_CLASSES, 'min-w-44')}>
          <DropdownMenu.Label className="px-3 pt-1.5 pb-1 text-xs font-medium text-muted">Quem fala</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={segment.speaker} onValueChange={(value) => void change(value as TSpeaker)}>
            {SPEAKERS.map((speaker) => (
              <DropdownMenu.RadioItem key={speaker} value={speaker} className={cn(MENU_ITEM_CLASSES, 'gap-2')}>
                <span className={cn('size-2 rounded-full', DOTS[speaker])} aria-hidden />
                {SPEAKER_LABELS[speaker]}
                <DropdownMenu.ItemIndicator className="ml-auto">
                  <Icon name="circle-check" className="size-4 text-accent-600" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const DOTS: Record<TSpeaker, string> = {
  profissional: 'bg-accent-500',
  paciente: 'bg-sky-500',
  acompanhante: 'bg-violet-500',
  desconhecido: 'border border-dashed border-muted',
};
