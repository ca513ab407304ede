import * as Tabs from '@radix-ui/react-tabs';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { cn } from '../../../lib/cn';
import type { IconName } from '../../../lib/icon-names';
import { firstPaneWithSources, SourceHighlightProvider, type SourceHighlight } from './sources/source-highlight';
import { useIsWideScreen } from './use-is-wide-screen';

type PaneValue = 'transcript' | 'evidence' | 'anamnesis' | 'documents' | 'context';

/** The pane in front: the conversation while the visit is recorded, the note once there is one. */
export type MainPane = Extract<PaneValue, 'transcript' | 'anamnesis'>;

interface Pane {
  value: PaneValue;
  title: string;
  /** The pane's accessible name, when the tab's short title is not enough. */
  label?: string;
  icon: IconName;
}

const PANES: Pane[] = [
  { value: 'transcript', title: 'Transcrição', icon: 'audio-lines' },
  { value: 'evidence', title: 'Evidências', icon: 'paperclip' },
  { value: 'anamnesis', title: 'Anamnese', icon: 'notebook-pen' },
  { value: 'documents', title: 'Documentos', icon: 'files' },
  { value: 'context', title: 'Contexto', label: 'Contexto do profissional', icon: 'message-square-text' },
];

/** What the side panel opens on: the next step before a note, the note's sources once there is one. */
const FIRST_SIDE_PANE: Record<MainPane, PaneValue> = { transcript: 'anamnesis', anamnesis: 'transcript' };

/**
 * On a laptop, the pane under the main one (its tab hidden there): the documents follow the note, which is where a
 * professional finishing the visit turns next, and the side panel stays beside them with their sources.
 */
const UNDER_MAIN: Record<MainPane, PaneValue | undefined> = { transcript: undefined, anamnesis: 'documents' };

interface WorkspacePanesProps {
  main: MainPane;
  panes: Record<PaneValue, ReactNode>;
}

/**
 * The consultation's panes. On a laptop the main pane takes most of the width and the others share a side
 * panel of tabs, which can be closed; on a tablet every pane is a tab, the main one first shown. While the
 * transcript is in front the panes fill the screen's height and scroll inside, so the newest line stays in
 * sight; once the note is, the page scrolls, the documents follow under it and the side panel stays beside the
 * field being read. The "Fontes" of a note's field or a document's part are marked in the side panel, which opens
 * on them (on a tablet, a source chip opens its tab).
 */
export function WorkspacePanes({ main, panes }: WorkspacePanesProps) {
  const isWide = useIsWideScreen();
  const [tab, setTab] = useState<PaneValue>(main);
  const [side, setSide] = useState<PaneValue>(FIRST_SIDE_PANE[main]);
  const [isSideOpen, setIsSideOpen] = useState(true);
  const [highlight, setHighlight] = useState<SourceHighlight | null>(null);
  // A note appearing (or a generation starting) brings it to the front, and its sources beside it.
  const [shownMain, setShownMain] = useState(main);
  if (shownMain !== main) {
    setShownMain(main);
    setTab(main);
    setSide(FIRST_SIDE_PANE[main]);
  }
  const isFitted = main === 'transcript';
  const under = UNDER_MAIN[main];
  // The side panel spans the rows of the main column, so that it stays in sight beside the pane under the main one.
  const sideRows = under && 'lg:row-span-2';
  // Four names do not fit the side panel: there the tabs not shown keep only their icon (named, with a tooltip).
  const isCrowded = isSideOpen && PANES.filter((pane) => pane.value !== main && pane.value !== under).length > 3;

  const tabs = useRef<HTMLDivElement>(null);
  const open = (pane: PaneValue) => {
    setTab(pane);
    // On a tablet, a tab opened from far down the note (a source chip) is shown from its top.
    if (!isWide) {
      requestAnimationFrame(() => {
        if ((tabs.current?.getBoundingClientRect().top ?? 0) < 0) tabs.current?.scrollIntoView({ block: 'start' });
      });
    }
    if (pane === main || pane === under) return;
    setSide(pane);
    setIsSideOpen(true);
  };
  const closeSide = () => {
    setIsSideOpen(false);
    setHighlight(null);
  };
  const changeHighlight = (next: SourceHighlight | null) => {
    setHighlight(next);
    if (!next) return;
    // On a tablet the sources' tab would hide the field: there only a source chip opens its tab.
    const pane = next.pane ?? (isWide ? firstPaneWithSources(next.sources) : undefined);
    if (pane) open(pane);
  };

  return (
    <SourceHighlightProvider highlight={highlight} onHighlightChange={changeHighlight}>
      <Tabs.Root
        value={isWide ? side : tab}
        onValueChange={(value) => open(value as PaneValue)}
        className={cn(
          'grid items-start gap-3 lg:gap-x-4',
          isSideOpen
            ? 'lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_25rem]'
            : 'lg:grid-cols-[minmax(0,1fr)_auto]',
          isFitted && 'min-h-0 flex-1 grid-rows-[auto_minmax(0,1fr)] items-stretch lg:grid-rows-[minmax(0,1fr)]',
          // Any height the side panel needs beyond the note goes under the documents, never between the two.
          under && 'lg:grid-rows-[auto_1fr]',
        )}
      >
        <div
          ref={tabs}
          className={cn(
            'flex items-center gap-1 lg:col-start-2 lg:row-start-1 lg:self-start',
            sideRows,
            !isFitted && 'lg:sticky lg:top-4 lg:z-10',
            !isSideOpen && 'lg:flex-col lg:items-stretch',
          )}
        >
          <Tabs.List
            aria-label="Áreas da consulta"
            className={cn(
              'grid min-w-0 flex-1 grid-flow-col gap-1 rounded-xl bg-subtle p-1',
              !isSideOpen && 'lg:grid-flow-row',
              isCrowded && 'lg:flex',
            )}
          >
            {PANES.map((pane) => (
              <Tabs.Trigger
                key={pane.value}
                value={pane.value}
                title={isSideOpen && !isCrowded ? undefined : pane.title}
                onClick={() => open(pane.value)}
                className={cn(
                  'flex h-10 min-w-0 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium text-muted data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm',
                  (pane.value === main || pane.value === under) && 'lg:hidden',
                  !isSideOpen &&
                    'lg:w-10 lg:px-0 lg:data-[state=active]:bg-transparent lg:data-[state=active]:shadow-none',
                  isCrowded &&
                    'group lg:data-[state=active]:flex-1 lg:data-[state=inactive]:w-10 lg:data-[state=inactive]:flex-none lg:data-[state=inactive]:px-0',
                )}
              >
                <Icon name={pane.icon} className="size-4 shrink-0" />
                <span
                  className={cn(
                    'truncate',
                    !isSideOpen && 'lg:sr-only',
                    isCrowded && 'lg:group-data-[state=inactive]:sr-only',
                  )}
                >
                  {pane.title}
                </span>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Button
            variant="ghost"
            size="sm"
            className="hidden size-10 shrink-0 p-0 text-muted lg:inline-flex"
            aria-label={isSideOpen ? 'Fechar painel lateral' : 'Abrir painel lateral'}
            title={isSideOpen ? 'Fechar painel lateral' : 'Abrir painel lateral'}
            aria-expanded={isSideOpen}
            onClick={isSideOpen ? closeSide : () => setIsSideOpen(true)}
          >
            <Icon name={isSideOpen ? 'chevron-right' : 'chevron-left'} className="size-4" />
          </Button>
        </div>
        {PANES.map((pane) => {
          const isMain = pane.value === main;
          const isUnder = pane.value === under;
          return (
            <Tabs.Content
              key={pane.value}
              value={pane.value}
              forceMount
              aria-label={pane.label ?? pane.title}
              // Named by its own label alone: the context's tab says "Contexto", as does its text field.
              aria-labelledby={undefined}
              data-testid={`pane-${pane.value}`}
              className={cn(
                'flex flex-col rounded-2xl border border-line bg-surface p-5 data-[state=inactive]:hidden',
                isFitted ? 'min-h-0 overflow-y-auto' : 'min-h-80',
                isMain && 'lg:col-start-1 lg:row-start-1 lg:data-[state=inactive]:flex',
                isUnder && 'lg:col-start-1 lg:row-start-2 lg:min-h-0 lg:data-[state=inactive]:flex',
                !isMain &&
                  !isUnder &&
                  cn(
                    sideRows,
                    // Under the side panel's tabs (3 rem high), in the same grid cell so both can stick.
                    'lg:col-start-2 lg:row-start-1 lg:mt-[3.75rem] lg:p-4',
                    !isFitted &&
                      'lg:sticky lg:top-[4.75rem] lg:max-h-[calc(100dvh-5.75rem)] lg:self-start lg:overflow-y-auto',
                    !isSideOpen && 'lg:hidden',
                  ),
              )}
            >
              {panes[pane.value]}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </SourceHighlightProvider>
  );
}
