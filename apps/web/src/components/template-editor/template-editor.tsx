import { TEMPLATE_MAX_FIELDS, ZAdminTemplateField, type TTemplateField } from '@escriba/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import type { CommonData } from '../../lib/common-data';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { confirmAction } from '../ui/confirm-dialog';
import { FormActions } from '../ui/form-actions';
import { Icon } from '../ui/icon';
import { TextField } from '../ui/text-field';
import { useLeaveGuard } from '../ui/use-leave-guard';
import { hasErrors, noErrors, readEditorError, validateBody, type EditorErrors } from './editor-errors';
import {
  blankField,
  changeField,
  hasUnsavedChanges,
  moveField,
  savedOrder,
  toTemplateField,
  type EditorField,
  type FieldPatch,
  type TemplateDraft,
} from './editor-state';
import { FieldList } from './field-list';
import { SpecialtySelect } from './specialty-select';
import { TemplatePreview } from './template-preview';

/** An administrator's existing template: each field change goes to the server as it is made. */
export interface StoredFieldActions {
  add: (field: TTemplateField) => Promise<unknown>;
  update: (storedId: string, field: TTemplateField) => Promise<unknown>;
  remove: (storedId: string) => Promise<unknown>;
  /** Every stored field id, in the new order. */
  reorder: (order: string[]) => Promise<unknown>;
}

interface TemplateEditorProps<Body> {
  /** The form's accessible name. */
  label: string;
  initial: TemplateDraft;
  common: CommonData | undefined;
  /** The contract's schema for what `toBody` answers; checked before `onSubmit`. */
  schema: z.ZodType<Body>;
  toBody: (draft: TemplateDraft) => unknown;
  submitLabel: string;
  isPending: boolean;
  /** A promise keeps the submit button disabled until the save settles: a double click sends once. */
  onSubmit: (body: Body, onError: (error: unknown) => void) => Promise<unknown> | void;
  onCancel: () => void;
  /** Given, fields are saved one by one and the submit saves name and specialty only. */
  storedFields?: StoredFieldActions;
  /** Shown above the form's actions (e.g. "Excluir"). */
  extraActions?: ReactNode;
}

/**
 * The anamnesis template editor shared by professionals and administrators: name, specialty, the fields (added,
 * removed, reordered by drag and drop, keyboard or buttons) and a live preview of what professionals will see.
 */
export function TemplateEditor<Body>({
  label,
  initial,
  common,
  schema,
  toBody,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
  storedFields,
  extraActions,
}: TemplateEditorProps<Body>) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<EditorErrors>(noErrors);
  const [message, setMessage] = useState<string>();
  const [savingKey, setSavingKey] = useState<string>();
  /** Reorders sent and not yet answered (fields saved one by one). */
  const [reorders, setReorders] = useState(0);
  const isDirty =
    draft.name !== initial.name ||
    draft.specializationId !== initial.specializationId ||
    (storedFields
      ? draft.fields.some(hasUnsavedChanges)
      : JSON.stringify(toBody(draft)) !== JSON.stringify(toBody(initial)));
  const [isSubmitting, setSubmitting] = useState(false);
  useLeaveGuard(isDirty && !isPending);

  const setFields = (change: (fields: EditorField[]) => EditorField[]) =>
    setDraft((current) => ({ ...current, fields: change(current.fields) }));
  const clearFieldErrors = (key: string) =>
    setErrors((current) => {
      const { [key]: _, ...byField } = current.byField;
      return { ...current, byField };
    });
  const showServerError = (error: unknown, fields: EditorField[], key?: string) => {
    const read = readEditorError(error, fields, key);
    setErrors((current) => ({ ...current, ...read.errors, byField: { ...current.byField, ...read.errors.byField } }));
    setMessage(read.message);
  };

  const change = (key: string, patch: FieldPatch) => {
    setFields((fields) => changeField(fields, key, patch));
    clearFieldErrors(key);
  };

  const move = (from: number, to: number) => {
    const before = draft.fields;
    const after = moveField(before, from, to);
    if (after === before) return;
    setFields(() => after);
    if (!storedFields) return;
    const order = savedOrder(after);
    if (order.join() === savedOrder(before).join()) return;
    setMessage(undefined);
    setReorders((count) => count + 1);
    storedFields
      .reorder(order)
      .catch((error: unknown) => {
        // Back to the stored order, keeping any edit made meanwhile.
        const keys = before.map((field) => field.key);
        const rank = (field: EditorField) => (keys.includes(field.key) ? keys.indexOf(field.key) : keys.length);
        setFields((fields) => [...fields].sort((a, b) => rank(a) - rank(b)));
        showServerError(error, before);
      })
      .finally(() => setReorders((count) => count - 1));
  };

  const add = () => {
    if (draft.fields.length >= TEMPLATE_MAX_FIELDS) {
      setErrors((current) => ({ ...current, fields: `No máximo ${TEMPLATE_MAX_FIELDS} campos` }));
      return;
    }
    const field = blankField();
    setFields((fields) => [...fields, field]);
    setErrors((current) => ({ ...current, fields: undefined }));
    // The new card's title, once it is on the page.
    requestAnimationFrame(() =>
      document.querySelector<HTMLInputElement>(`[data-field-key="${field.key}"] input`)?.focus(),
    );
  };

  const remove = async (key: string) => {
    const field = draft.fields.find((each) => each.key === key);
    if (!field) return;
    if (storedFields && field.saved) {
      const isConfirmed = await confirmAction({
        title: 'Excluir o campo?',
        description: `“${field.saved.title}” sai do modelo agora. As anamneses já escritas não mudam.`,
        confirmLabel: 'Excluir campo',
      });
      if (!isConfirmed) return;
      setSavingKey(key);
      try {
        await storedFields.remove(field.saved.id);
      } catch (error) {
        showServerError(error, draft.fields, key);
        return;
      } finally {
        setSavingKey(undefined);
      }
    }
    setFields((fields) => fields.filter((each) => each.key !== key));
    clearFieldErrors(key);
  };

  const saveField = async (key: string) => {
    if (!storedFields) return;
    const field = draft.fields.find((each) => each.key === key);
    if (!field) return;
    const fieldErrors = storedFieldErrors(field, draft.fields);
    setErrors((current) => ({ ...current, byField: { ...current.byField, [key]: fieldErrors } }));
    if (Object.keys(fieldErrors).length > 0) return;
    const body = toTemplateField(field);
    setSavingKey(key);
    setMessage(undefined);
    try {
      await (field.saved ? storedFields.update(field.saved.id, body) : storedFields.add(body));
      setFields((fields) => fields.map((each) => (each.key === key ? { ...each, saved: body } : each)));
      clearFieldErrors(key);
    } catch (error) {
      showServerError(error, draft.fields, key);
    } finally {
      setSavingKey(undefined);
    }
  };

  // Fields saved one by one stay on the same page address, where the leave guard does not ask: ask here.
  const cancel = async () => {
    const isLeaving =
      !storedFields ||
      !isDirty ||
      (await confirmAction({
        title: 'Sair sem salvar?',
        description: 'Há mudanças ainda não salvas neste modelo e elas serão perdidas.',
        confirmLabel: 'Sair sem salvar',
        cancelLabel: 'Continuar editando',
      }));
    if (isLeaving) onCancel();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    const checked = validateBody(schema, toBody(draft), draft.fields);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors(noErrors());
    const submitted = draft.fields;
    setSubmitting(true);
    void Promise.resolve(onSubmit(checked.body, (error) => showServerError(error, submitted))).finally(() =>
      setSubmitting(false),
    );
  };

  return (
    <form
      aria-label={label}
      onSubmit={submit}
      noValidate
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
    >
      <div className="flex flex-col gap-5">
        {(message || hasErrors(errors)) && <Alert tone="error">{message ?? 'Verifique os campos destacados.'}</Alert>}
        <Card className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Nome do modelo"
            value={draft.name}
            maxLength={120}
            error={errors.name}
            onChange={(event) => {
              setDraft((current) => ({ ...current, name: event.target.value }));
              setErrors((current) => ({ ...current, name: undefined }));
            }}
          />
          <SpecialtySelect
            common={common}
            value={draft.specializationId}
            error={errors.specialization}
            onChange={(specializationId) => {
              setDraft((current) => ({ ...current, specializationId }));
              setErrors((current) => ({ ...current, specialization: undefined }));
            }}
          />
        </Card>

        <section aria-labelledby="template-fields-title" className="flex flex-col gap-3">
          <header>
            <h2 id="template-fields-title" className="text-lg font-semibold">
              Campos
            </h2>
            <p className="text-sm text-muted">
              O assistente preenche os campos nesta ordem. Arraste pela alça, use Espaço e as setas, ou os botões de
              mover.
              {storedFields && ' Cada mudança num campo é salva nele; a ordem e as exclusões, na hora.'}
            </p>
          </header>
          <p role="status" className="text-sm text-muted empty:hidden">
            {reorders > 0 ? 'Salvando a nova ordem…' : ''}
          </p>
          {errors.fields && <Alert tone="error">{errors.fields}</Alert>}
          <FieldList
            fields={draft.fields}
            errors={errors.byField}
            onChange={change}
            onMove={move}
            onRemove={(key) => void remove(key)}
            onSave={storedFields && ((key) => void saveField(key))}
            savingKey={savingKey}
          />
          <Button variant="secondary" className="self-start" onClick={add}>
            <Icon name="plus" className="size-4" /> Adicionar campo
          </Button>
        </section>

        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line pt-5">
          {extraActions}
          <span className="flex-1" />
          <FormActions submitLabel={submitLabel} onCancel={() => void cancel()} isPending={isPending || isSubmitting} />
        </div>
      </div>
      <TemplatePreview name={draft.name} fields={draft.fields} />
    </form>
  );
}

/** One field saved on its own: the field route's schema, and an id no other field has. */
function storedFieldErrors(field: EditorField, fields: EditorField[]): EditorErrors['byField'][string] {
  const found = {
    ...validateBody(ZAdminTemplateField, toTemplateField(field), [field], field.key).errors?.byField[field.key],
  };
  if (fields.some((each) => each.key !== field.key && each.id === field.id)) {
    found.id ??= 'Já existe um campo com este id';
  }
  return found;
}
