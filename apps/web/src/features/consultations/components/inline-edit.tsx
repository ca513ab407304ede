import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormActions } from '../../../components/ui/form-actions';
import { Icon } from '../../../components/ui/icon';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';

interface InlineEditProps {
  label: string;
  value: string | null;
  isMultiline?: boolean;
  /** Lines the multiline field opens with (3 unless told). */
  rows?: number;
  maxLength: number;
  isSaving: boolean;
  /** Shown without the "Editar" button (a concluded consultation). */
  isReadOnly?: boolean;
  /**
   * A one-line value in a dense list: the "Editar" button is a pencil alone (named for screen readers), and the
   * value wraps in a small box while edited, so a long line is read whole; Enter saves it.
   */
  isCompact?: boolean;
  /** Saves the new value (null when cleared); resolves with an error message, or nothing when saved. */
  onSave: (value: string | null) => Promise<string | undefined>;
  /** How the value (or its absence) reads when not editing. */
  renderValue: (value: string | null) => ReactNode;
}

/** A value shown as text with an "Editar" button; editing opens a field saved with Enter or "Salvar". */
export function InlineEdit({
  label,
  value,
  isMultiline,
  rows = 3,
  maxLength,
  isSaving,
  isReadOnly,
  isCompact,
  onSave,
  renderValue,
}: InlineEditProps) {
  const [draft, setDraft] = useState<string>();
  const [error, setError] = useState<string>();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Saved or cancelled: the keyboard goes back to the button that opened the field.
  useEffect(() => {
    if (draft === undefined && wasEditing.current) editButton.current?.focus();
    wasEditing.current = draft !== undefined;
  }, [draft]);

  const save = async (event?: FormEvent | KeyboardEvent) => {
    event?.preventDefault();
    const next = draft?.trim() ? draft.trim() : null;
    if (next === value) return setDraft(undefined);
    const failure = await onSave(next);
    setError(failure);
    if (!failure) setDraft(undefined);
  };
  const cancel = () => {
    setDraft(undefined);
    setError(undefined);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') cancel();
    if (isCompact && event.key === 'Enter') void save(event);
  };

  if (draft === undefined || isReadOnly) {
    return (
      <div className="group flex items-start gap-2">
        <div className="min-w-0 flex-1">{renderValue(value)}</div>
        {!isReadOnly && (
          <Button
            ref={editButton}
            variant="ghost"
            size="sm"
            onClick={() => setDraft(value ?? '')}
            aria-label={`Editar ${label.toLowerCase()}`}
            title={isCompact ? `Editar ${label.toLowerCase()}` : undefined}
          >
            <Icon name="pencil" className="size-4" /> {!isCompact && 'Editar'}
          </Button>
        )}
      </div>
    );
  }

  const common = {
    label,
    value: draft,
    maxLength,
    error,
    autoFocus: true,
    onKeyDown,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
  };
  return (
    <form
      onSubmit={(event) => void save(event)}
      className="flex flex-col gap-3"
      aria-label={`Editar ${label.toLowerCase()}`}
    >
      {isMultiline || isCompact ? <TextareaField rows={rows} {...common} /> : <TextField {...common} />}
      <div className="flex justify-end gap-2">
        <FormActions submitLabel="Salvar" onCancel={cancel} isPending={isSaving} size="sm" />
      </div>
    </form>
  );
}
