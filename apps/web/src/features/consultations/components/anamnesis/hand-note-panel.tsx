import type { TAnamnesisTemplate } from '@escriba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { TextareaField } from '../../../../components/ui/textarea-field';
import { readApiError } from '../../../../lib/api-error';
import { toasts } from '../../../../lib/toast-store';
import { saveAnamnesisEdits } from '../../api/anamnesis';
import { TemplateSelect } from './generate-panel';
import { storeSavedVersion } from './use-note-edits';

interface HandNotePanelProps {
  consultationId: string;
  templates: TAnamnesisTemplate[] | undefined;
  templateId: string | undefined;
  onTemplateChange: (id: string) => void;
  /** Why writing is not possible now (a concluded consultation); undefined when it is. */
  blockedReason: string | undefined;
}

/**
 * A consultation without AI has no note until the professional writes one: the chosen template's fields, each a
 * text box, saved together as the note's first version. From then on it is edited field by field like any note.
 */
export function HandNotePanel({
  consultationId,
  templates,
  templateId,
  onTemplateChange,
  blockedReason,
}: HandNotePanelProps) {
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string>();
  const template = templates?.find((each) => each.id === templateId);
  const hasText = Object.values(texts).some((text) => text.trim() !== '');

  const save = async () => {
    if (!template) return;
    setIsSaving(true);
    setError(undefined);
    try {
      const fields = template.fields.map((field) => ({ field_id: field.id, text: texts[field.id] ?? '' }));
      storeSavedVersion(
        queryClient,
        consultationId,
        await saveAnamnesisEdits(consultationId, { template_id: template.id, fields }),
      );
      toasts.add({ title: 'Anamnese salva', description: 'Versão 1, escrita por você', color: 'success' });
    } catch (failure) {
      setError(readApiError(failure).message);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-3 rounded-xl bg-subtle/60 p-3"
      data-testid="hand-note"
      aria-label="Anamnese escrita à mão"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="text-sm text-muted">
        Consulta sem IA: escolha um modelo e escreva cada campo. Campos deixados em branco ficam como “Não informado”.
      </p>
      <TemplateSelect templates={templates} templateId={templateId} onTemplateChange={onTemplateChange} />
      {template?.fields.map((field) => (
        <TextareaField
          key={field.id}
          label={field.title}
          hint={field.instructions || undefined}
          rows={field.kind === 'short' ? 2 : 4}
          value={texts[field.id] ?? ''}
          disabled={Boolean(blockedReason)}
          onChange={(event) => setTexts((current) => ({ ...current, [field.id]: event.target.value }))}
        />
      ))}
      {error && <Alert tone="error">{error}</Alert>}
      {blockedReason ? (
        <p className="text-sm text-muted">{blockedReason}</p>
      ) : (
        <Button type="submit" className="self-start" isLoading={isSaving} disabled={!template || !hasText}>
          <Icon name="circle-check" className="size-4" /> Salvar anamnese
        </Button>
      )}
    </form>
  );
}
