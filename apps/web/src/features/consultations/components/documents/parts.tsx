import type { TFieldSources } from '@escriba/contract';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { TextareaField } from '../../../../components/ui/textarea-field';
import { TextField } from '../../../../components/ui/text-field';
import { cn } from '../../../../lib/cn';
import { UnverifiedStatements } from '../anamnesis/statement-marks';
import { SourceList } from '../sources/source-list';
import { SourcesButton, useIsShowingSources } from '../sources/sources-button';
import { NOT_MENTIONED } from './document-kinds';
import { usePartStatements } from './part-statements';

interface DocumentPartProps {
  /** Names the part for the sources' highlight: unique on the page. */
  id: string;
  /** What the part is called where its sources are listed ("Medicamento 1"). */
  title: string;
  /** A heading over the part's fields; or, for a line of a list, its `marker` ("1.") before the text. */
  heading?: ReactNode;
  marker?: string;
  sources: TFieldSources;
  isEditing: boolean;
  /** While editing, a line of a list can be taken out. */
  onRemove?: () => void;
  children: ReactNode;
}

/**
 * One part of a document with its own sources (a receita line, a paragraph, a section): its fields and "Fontes"; a
 * line of a list reads as one line, its number before it and its actions after it.
 */
export function DocumentPart({
  id,
  title,
  heading,
  marker,
  sources,
  isEditing,
  onRemove,
  children,
}: DocumentPartProps) {
  const isShowingSources = useIsShowingSources(id) && !isEditing;
  const statements = usePartStatements(id);
  const isUnverified = !isEditing && statements.some((statement) => statement.status === 'unverified');
  const remove = isEditing && onRemove && (
    <Button variant="ghost" size="sm" className="h-7 shrink-0 px-2 text-xs text-danger" onClick={onRemove}>
      <Icon name="trash" className="size-3.5" /> Remover
    </Button>
  );
  const actions = !isEditing && <SourcesButton id={id} title={title} sources={sources} />;
  return (
    <li
      aria-label={title}
      data-testid="document-part"
      className={cn(
        'flex flex-col gap-2 rounded-xl border border-line bg-surface px-3.5 py-3 transition-colors',
        marker !== undefined && 'py-2',
        isUnverified && 'border-danger/40',
        isShowingSources && 'border-amber-400 ring-1 ring-amber-400',
      )}
    >
      {marker !== undefined ? (
        <div className="flex items-start gap-2">
          <span className="pt-0.5 text-sm text-muted">{marker}</span>
          <div className="min-w-0 flex-1">{children}</div>
          {remove}
          <div className="-my-0.5 shrink-0 empty:hidden">{actions}</div>
        </div>
      ) : (
        <>
          <div className="flex items-center gap-2">
            <h4 className="min-w-0 flex-1 text-sm font-semibold">{heading}</h4>
            {remove}
          </div>
          {children}
          <div className="-mx-1.5 -mb-1 flex flex-wrap items-center gap-0.5 empty:hidden">{actions}</div>
        </>
      )}
      {!isEditing && <UnverifiedStatements fieldId={id} title={title} statements={statements} />}
      {isShowingSources && <SourceList fieldId={id} title={title} sources={sources} />}
    </li>
  );
}

/** A part not written yet: it fills in when its message arrives. */
export function WaitingPart({ title }: { title: string }) {
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-dashed border-line bg-subtle/50 px-3.5 py-3"
      aria-label={`${title}: aguardando o assistente`}
      aria-busy
      data-testid="document-part"
      data-state="waiting"
    >
      <span className="text-sm font-semibold text-muted">{title}</span>
      <span className="h-2.5 w-11/12 animate-pulse rounded-full bg-subtle" />
      <span className="h-2.5 w-3/4 animate-pulse rounded-full bg-subtle" />
    </li>
  );
}

/** An empty value as the page shows it: plainly not filled. */
export function NotMentioned() {
  return <span className="text-muted italic">{NOT_MENTIONED}</span>;
}

interface PartTextProps {
  label: string;
  value: string;
  isEditing: boolean;
  onChange: (value: string) => void;
  isMultiline?: boolean;
  /** Spans the part's two columns. */
  isWide?: boolean;
}

/** One value of a part: read as a term and its text, edited in a labelled box. */
export function PartText({ label, value, isEditing, onChange, isMultiline, isWide }: PartTextProps) {
  const span = isWide ? '@md:col-span-2' : undefined;
  if (isEditing) {
    // An empty box still says the consultation did not mention it, so a blank is never taken for a filled value.
    const field = { label, value, className: span, placeholder: 'não mencionado' };
    return isMultiline ? (
      <TextareaField {...field} rows={2} onChange={(event) => onChange(event.target.value)} />
    ) : (
      <TextField {...field} onChange={(event) => onChange(event.target.value)} />
    );
  }
  return (
    <div className={cn('min-w-0', span)}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-[15px] leading-relaxed whitespace-pre-line">{value.trim() || <NotMentioned />}</dd>
    </div>
  );
}

/** The two columns a part's values sit in (one on a narrow pane). */
export function PartFields({ isEditing, children }: { isEditing: boolean; children: ReactNode }) {
  const Element = isEditing ? 'div' : 'dl';
  return <Element className="grid gap-x-4 gap-y-2 @md:grid-cols-2">{children}</Element>;
}
