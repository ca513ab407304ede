import type { TAnamnesisTemplate, TTemplateField } from '@escriba/contract';
import { arrayMove } from '@dnd-kit/sortable';
import { slugFromTitle, uniqueFieldId } from './field-id';

/** One field as the editor holds it. */
export interface EditorField extends TTemplateField {
  /** Stable while the field is edited (its id may change): React's key and the drag-and-drop id. */
  key: string;
  /** A new field's id follows its title until the id is typed by hand. */
  followsTitle: boolean;
  /** Fields saved one by one (an administrator's existing template): the field as stored, if it is. */
  saved?: TTemplateField;
}

export interface TemplateDraft {
  name: string;
  specializationId: number | null;
  sourceTemplateId: string | null;
  fields: EditorField[];
}

export type FieldPatch = Partial<Pick<TTemplateField, 'id' | 'title' | 'instructions' | 'kind'>>;

let lastKey = 0;
const nextKey = () => `field-${++lastKey}`;

const plain = ({ id, title, instructions, kind }: TTemplateField): TTemplateField => ({
  id,
  title,
  instructions,
  kind,
});

/** Stored fields keep their ids: notes and sources refer to them. */
function fromStored(field: TTemplateField, isSaved: boolean): EditorField {
  return { ...plain(field), key: nextKey(), followsTitle: false, saved: isSaved ? plain(field) : undefined };
}

/** A template to edit; `isSaved`: its fields are saved one by one, so each remembers its stored form. */
export function draftFromTemplate(template: TAnamnesisTemplate, isSaved = false): TemplateDraft {
  return {
    name: template.name,
    specializationId: template.specialization_id,
    sourceTemplateId: template.source_template_id,
    fields: template.fields.map((field) => fromStored(field, isSaved)),
  };
}

/** A new template copied from `source` (a published one, usually). */
export function draftFromCopy(source: TAnamnesisTemplate): TemplateDraft {
  return {
    name: `Cópia de ${source.name}`.slice(0, 120),
    specializationId: source.specialization_id,
    sourceTemplateId: source.id,
    fields: source.fields.map((field) => fromStored(field, false)),
  };
}

export function blankField(): EditorField {
  return { key: nextKey(), id: '', title: '', instructions: '', kind: 'text', followsTitle: true };
}

export function emptyDraft(): TemplateDraft {
  return { name: '', specializationId: null, sourceTemplateId: null, fields: [blankField()] };
}

/**
 * Applies a change to one field. A new title renames an id that still follows it (kept unique); typing the id
 * stops that, and clearing it lets the title lead again.
 */
export function changeField(fields: EditorField[], key: string, patch: FieldPatch): EditorField[] {
  const otherIds = fields.filter((field) => field.key !== key).map((field) => field.id);
  return fields.map((field) => {
    if (field.key !== key) return field;
    const next = { ...field, ...patch };
    if (patch.id !== undefined) next.followsTitle = patch.id === '';
    if (next.followsTitle && (patch.title !== undefined || patch.id === '')) {
      next.id = next.title.trim() ? uniqueFieldId(slugFromTitle(next.title), otherIds) : '';
    }
    return next;
  });
}

/** The list with the field at `from` moved to `to`; positions outside the list change nothing. */
export function moveField(fields: EditorField[], from: number, to: number): EditorField[] {
  if (from === to || from < 0 || to < 0 || from >= fields.length || to >= fields.length) return fields;
  return arrayMove(fields, from, to);
}

/** The stored ids in the list's order: what the reorder route expects (fields not yet stored left out). */
export function savedOrder(fields: EditorField[]): string[] {
  return fields.flatMap((field) => (field.saved ? [field.saved.id] : []));
}

/** A field saved one by one that differs from its stored form, or is not stored yet. */
export function hasUnsavedChanges(field: EditorField): boolean {
  if (!field.saved) return true;
  const current = plain(field);
  return (Object.keys(current) as (keyof TTemplateField)[]).some((name) => current[name] !== field.saved![name]);
}

/** The field as the API takes it. */
export const toTemplateField = plain;

/** The template as the API takes it (the professional's body; administrators' omit the source). */
export function toTemplateBody(draft: TemplateDraft) {
  return {
    name: draft.name,
    specialization_id: draft.specializationId,
    source_template_id: draft.sourceTemplateId,
    fields: draft.fields.map(plain),
  };
}
