import * as Tabs from '@radix-ui/react-tabs';
import { useState, type ReactNode } from 'react';
import { Icon } from '../../../components/ui/icon';
import type { IconName } from '../../../lib/icon-names';
import { SourceHighlightProvider } from './sources/source-highlight';

type PaneValue = 'transcript' | 'evidence' | 'anamnesis';

interface Pane {
  value: PaneValue;
  title: string;
  icon: IconName;
}

const PANES: Pane[] = [
  {
    value: 'transcript',
    title: 'Transcrição',
    icon: 'audio-lines',
  },
  {
    value: 'evidence',
    title: 'Evidências',
    icon: 'paperclip',
  },
  {
    value: 'anamnesis',
    title: 'Anamnese',
    icon: 'notebook-pen',
  },
];

/**
 * Transcript, evidence and anamnesis: side by side on a laptop, tabs on a tablet (DESIGN.md). An anamnesis
 * field's "Fontes" are marked in the other panes, and a source picked on a tablet opens its tab.
 */
export function WorkspacePanes(panes: Record<PaneValue, ReactNode>) {
  const [openPane, setOpenPane] = useState<PaneValue>('transcript');
  return (
    <SourceHighlightProvider onRevealPane={setOpenPane}>
      <Tabs.Root
        value={openPane}
        onValueChange={(value) => setOpenPane(value as PaneValue)}
        className="flex flex-col gap-3"
      >
        <Tabs.List aria-label="Áreas da consulta" className="grid grid-cols-3 gap-1 rounded-xl bg-subtle p-1 lg:hidden">
          {PANES.map((pane) => (
            <Tabs.Trigger
              key={pane.value}
              value={pane.value}
              className="flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-medium text-muted data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm"
            >
              <Icon name={pane.icon} className="size-4" />
              {pane.title}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="lg:grid lg:grid-cols-3 lg:gap-4">
          {PANES.map((pane) => (
            <Tabs.Content
              key={pane.value}
              value={pane.value}
              forceMount
              aria-label={pane.title}
              data-testid={`pane-${pane.value}`}
              className="flex min-h-80 flex-col rounded-2xl border border-line bg-surface p-5 data-[state=inactive]:hidden lg:data-[state=inactive]:flex"
            >
              {panes[pane.value]}
            </Tabs.Content>
          ))}
        </div>
      </Tabs.Root>
    </SourceHighlightProvider>
  );
}
