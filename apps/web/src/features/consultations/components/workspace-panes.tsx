import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icon';
import type { IconName } from '../../../lib/icon-names';

type PaneValue = 'transcript' | 'evidence' | 'anamnesis';

interface Pane {
  value: PaneValue;
  title: string;
  icon: IconName;
  /** For a pane not built yet: what it will hold, so the empty space reads as a place for something. */
  preview?: { description: string; outlines: string[] };
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
    preview: {
      description:
        'Os campos do seu modelo, preenchidos pelo assistente a partir da transcrição, das evidências e do seu contexto.',
      outlines: ['Queixa principal', 'História da doença atual', 'Antecedentes'],
    },
  },
];

/** Transcript, evidence and anamnesis: side by side on a laptop, tabs on a tablet (DESIGN.md). */
export function WorkspacePanes(built: Partial<Record<PaneValue, ReactNode>>) {
  return (
    <Tabs.Root defaultValue="transcript" className="flex flex-col gap-3">
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
            {pane.preview ? <PanePreview pane={pane} preview={pane.preview} /> : built[pane.value]}
          </Tabs.Content>
        ))}
      </div>
    </Tabs.Root>
  );
}

/** What a pane not built yet will hold. */
function PanePreview({ pane, preview }: { pane: Pane; preview: NonNullable<Pane['preview']> }) {
  return (
    <>
      <div className="flex items-center gap-2">
        <Icon name={pane.icon} className="size-5 text-accent-600" />
        <h2 className="text-base font-semibold">{pane.title}</h2>
        <Badge className="ml-auto">Em breve</Badge>
      </div>
      <p className="mt-2 text-sm text-muted">{preview.description}</p>
      <ul className="mt-5 flex flex-col gap-3" aria-hidden>
        {preview.outlines.map((outline, index) => (
          <li key={`${outline}-${index}`} className="rounded-xl border border-dashed border-line px-3 py-2.5">
            <span className="text-xs font-medium text-muted">{outline}</span>
            <span className="mt-2 block h-2 w-4/5 rounded-full bg-subtle" />
            <span className="mt-1.5 block h-2 w-3/5 rounded-full bg-subtle" />
          </li>
        ))}
      </ul>
    </>
  );
}
