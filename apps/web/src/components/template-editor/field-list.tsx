import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { dragAnnouncements, dragInstructions } from './drag-announcements';
import type { EditorErrors } from './editor-errors';
import type { EditorField, FieldPatch } from './editor-state';
import { FieldEditorCard } from './field-editor-card';

interface FieldListProps {
  fields: EditorField[];
  errors: EditorErrors['byField'];
  onChange: (key: string, patch: FieldPatch) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (key: string) => void;
  onSave?: (key: string) => void;
  savingKey: string | undefined;
}

/** The template's fields in order: dragged by their handles (mouse, touch or keyboard) or moved by buttons. */
export function FieldList({ fields, errors, onChange, onMove, onRemove, onSave, savingKey }: FieldListProps) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier) => fields.findIndex((field) => field.key === id);
  const titleOf = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    return fields[index]?.title.trim() || `Campo ${index + 1}`;
  };

  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(indexOf(active.id), indexOf(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        announcements: dragAnnouncements(titleOf, indexOf, () => fields.length),
        screenReaderInstructions: dragInstructions,
      }}
    >
      <SortableContext items={fields.map((field) => field.key)} strategy={verticalListSortingStrategy}>
        <ol className="flex flex-col gap-3" aria-label="Campos do modelo">
          {fields.map((field, index) => (
            <FieldEditorCard
              key={field.key}
              field={field}
              position={index}
              total={fields.length}
              errors={errors[field.key]}
              onChange={(patch) => onChange(field.key, patch)}
              onMove={(offset) => onMove(index, index + offset)}
              onRemove={() => onRemove(field.key)}
              onSave={onSave && (() => onSave(field.key))}
              isSaving={savingKey === field.key}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
