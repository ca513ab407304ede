import type { TDocumentText } from '@escriba/contract';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { TextareaField } from '../../../../components/ui/textarea-field';
import { MarkedText } from '../anamnesis/statement-marks';
import { usePartStatements } from './part-statements';
import { DocumentPart, NotMentioned, WaitingPart } from './parts';

const replaceAt = <T,>(list: readonly T[], index: number, item: T): T[] =>
  list.map((each, at) => (at === index ? item : each));

const removeAt = <T,>(list: readonly T[], index: number): T[] => list.filter((_, at) => at !== index);

interface ParagraphPartProps {
  id: string;
  title: string;
  /** Undefined while the document is written and it has not arrived. */
  paragraph: TDocumentText | undefined;
  isEditing: boolean;
  onChange: (paragraph: TDocumentText) => void;
  onRemove?: () => void;
  /** A line of a list: its number, in place of the title as a heading. */
  marker?: string;
}

/** A paragraph of a document with its sources: its text, or a box to edit it. */
export function ParagraphPart({ id, title, paragraph, isEditing, onChange, onRemove, marker }: ParagraphPartProps) {
  const statements = usePartStatements(id);
  if (!paragraph) return <WaitingPart title={title} />;
  return (
    <DocumentPart
      id={id}
      title={title}
      heading={marker === undefined ? title : undefined}
      marker={marker}
      sources={paragraph.sources}
      isEditing={isEditing}
      onRemove={onRemove}
    >
      {isEditing ? (
        <TextareaField
          label={title}
          value={paragraph.text}
          rows={3}
          onChange={(event) => onChange({ ...paragraph, text: event.target.value })}
        />
      ) : (
        <p className="text-[15px] leading-relaxed whitespace-pre-line" data-testid="document-part-text">
          {paragraph.text.trim() ? <MarkedText text={paragraph.text} statements={statements} /> : <NotMentioned />}
        </p>
      )}
    </DocumentPart>
  );
}

/** What a line of a list can do while it is edited. */
export interface LineActions<T> {
  change: (item: T) => void;
  remove: () => void;
}

interface PartListProps<T> {
  label: string;
  /** Undefined while the document is written and the list has not arrived. */
  items: T[] | undefined;
  isEditing: boolean;
  /** What the list says when the consultation gave nothing for it. */
  emptyText: string;
  addLabel: string;
  /** A new, empty line: it cites nothing. */
  newItem: () => T;
  onChange: (items: T[]) => void;
  children: (item: T, index: number, actions: LineActions<T>) => ReactNode;
}

/** A list of parts (receita lines, exams, guidance, sections); while editing, lines are added and taken out. */
export function PartList<T>({
  label,
  items,
  isEditing,
  emptyText,
  addLabel,
  newItem,
  onChange,
  children,
}: PartListProps<T>) {
  const labelId = useId();
  if (!items) {
    return (
      <ul>
        <WaitingPart title={label} />
      </ul>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <h3 id={labelId} className="text-xs font-medium tracking-wide text-muted uppercase">
        {label}
      </h3>
      {items.length === 0 && !isEditing && <p className="text-sm text-muted italic">{emptyText}</p>}
      <ol aria-labelledby={labelId} className="flex flex-col gap-2 empty:hidden">
        {items.map((item, index) =>
          children(item, index, {
            change: (next) => onChange(replaceAt(items, index, next)),
            remove: () => onChange(removeAt(items, index)),
          }),
        )}
      </ol>
      {isEditing && (
        <Button variant="secondary" size="sm" className="self-start" onClick={() => onChange([...items, newItem()])}>
          <Icon name="plus" className="size-4" /> {addLabel}
        </Button>
      )}
    </div>
  );
}
