import { TEMPLATE_FIELD_KIND_LABELS, ZTemplateFieldKind, type TTemplateFieldKind } from '@escriba/contract';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ComponentProps } from 'react';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea-field';
import { cn } from '../../lib/cn';
import type { EditorErrors } from './editor-errors';
import { hasUnsavedChanges, type EditorField, type FieldPatch } from './editor-state';

interface FieldEditorCardProps {
  field: EditorField;
  position: number;
  total: number;
  errors: EditorErrors['byField'][string] | undefined;
  onChange: (patch: FieldPatch) => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
  /** Fields saved one by one: saves this one ("Salvar campo", or "Incluir campo" when not stored yet). */
  onSave?: () => void;
  isSaving: boolean;
}

/** One field: its title, id, kind and instructions, with a drag handle and buttons to move or remove it. */
export function FieldEditorCard({
  field,
  position,
  total,
  errors,
  onChange,
  onMove,
  onRemove,
  onSave,
  isSaving,
}: FieldEditorCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.key,
  });
  const name = field.title.trim() || `Campo ${position + 1}`;
  const isChanged = onSave !== undefined && hasUnsavedChanges(field);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      aria-label={`Campo ${position + 1} de ${total}: ${name}`}
      data-testid="template-field"
      data-field-key={field.key}
      className={cn(
        'relative flex flex-col gap-3 rounded-xl border border-line bg-surface p-4',
        isDragging && 'z-10 shadow-lg ring-2 ring-accent-500',
      )}
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-roledescription="campo reordenável"
          aria-label={`Arrastar “${name}”`}
          className="flex size-8 cursor-grab touch-none items-center justify-center rounded-md text-muted hover:bg-subtle active:cursor-grabbing"
        >
          <Icon name="grip-vertical" className="size-5" />
        </button>
        <span className="min-w-0 flex-1 truncate text-sm font-semibold">
          <span className="text-muted">{position + 1}.</span> {name}
        </span>
        {onSave &&
          (field.saved ? isChanged && <Badge tone="warning">Não salvo</Badge> : <Badge tone="accent">Novo</Badge>)}
        <CardButton
          label={`Mover “${name}” para cima`}
          aria-disabled={position === 0 || undefined}
          onClick={() => position > 0 && onMove(-1)}
        >
          <Icon name="chevron-up" className="size-4" />
        </CardButton>
        <CardButton
          label={`Mover “${name}” para baixo`}
          aria-disabled={position === total - 1 || undefined}
          onClick={() => position < total - 1 && onMove(1)}
        >
          <Icon name="chevron-down" className="size-4" />
        </CardButton>
        <CardButton label={`Remover “${name}”`} onClick={onRemove} className="hover:text-danger">
          <Icon name="trash" className="size-4" />
        </CardButton>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Título"
          value={field.title}
          maxLength={120}
          error={errors?.title}
          onChange={(event) => onChange({ title: event.target.value })}
        />
        <TextField
          label="Identificador"
          value={field.id}
          maxLength={60}
          hint={
            errors?.id
              ? undefined
              : field.followsTitle
                ? 'Gerado do título; pode ser mudado.'
                : 'As anamneses guardam o campo por ele.'
          }
          error={errors?.id}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(event) => onChange({ id: event.target.value })}
        />
      </div>
      <SelectField
        label="Tipo de resposta"
        value={field.kind}
        error={errors?.kind}
        onChange={(event) => onChange({ kind: event.target.value as TTemplateFieldKind })}
      >
        {ZTemplateFieldKind.options.map((kind) => (
          <option key={kind} value={kind}>
            {TEMPLATE_FIELD_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Instruções ao assistente"
        value={field.instructions}
        rows={2}
        maxLength={2000}
        placeholder="O que o assistente deve escrever neste campo."
        error={errors?.instructions}
        onChange={(event) => onChange({ instructions: event.target.value })}
      />
      {onSave && (isChanged || isSaving) && (
        <div className="flex justify-end">
          <Button size="sm" onClick={onSave} isLoading={isSaving}>
            {field.saved ? 'Salvar campo' : 'Incluir campo'}
          </Button>
        </div>
      )}
    </li>
  );
}

/** A small icon button; `aria-disabled` keeps it focusable at the ends of the list, where it does nothing. */
function CardButton({ label, className, children, ...props }: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        'flex size-8 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-ink aria-disabled:cursor-not-allowed aria-disabled:opacity-40',
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}
