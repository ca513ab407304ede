import { ZTheme, ZTranscriptionLanguage, type TPreferences, type TUpdatePreferencesBody } from '@escriba/contract';
import { Alert } from '../../../components/ui/alert';
import { Card, CardHeader } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/select-field';
import { readApiError } from '../../../lib/api-error';
import { toasts } from '../../../lib/toast-store';
import { useMySpecializations } from '../../../lib/api/list-my-specializations';
import { useUpdatePreferences } from '../api/update-preferences';

const THEME_LABELS: Record<TPreferences['theme'], string> = {
  light: 'Claro',
  dark: 'Escuro',
  system: 'Igual ao sistema',
};
const LANGUAGE_LABELS: Record<TPreferences['transcription_language'], string> = {
  'pt-BR': 'Português (Brasil)',
  'en-US': 'Inglês (EUA)',
  'es-ES': 'Espanhol',
};

/** Each change is saved at once. */
export function PreferencesCard({ preferences }: { preferences: TPreferences }) {
  const update = useUpdatePreferences();
  const mine = useMySpecializations();
  const save = (body: TUpdatePreferencesBody) =>
    update.mutate(body, { onSuccess: () => toasts.add({ title: 'Preferências salvas', color: 'success' }) });

  return (
    <Card aria-labelledby="preferences-title">
      <CardHeader id="preferences-title" title="Preferências" />
      {update.isError && (
        <Alert tone="error" className="mb-4">
          {readApiError(update.error).message}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Tema"
          value={preferences.theme}
          onChange={(event) => save({ theme: ZTheme.parse(event.target.value) })}
        >
          {ZTheme.options.map((theme) => (
            <option key={theme} value={theme}>
              {THEME_LABELS[theme]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Idioma da transcrição"
          value={preferences.transcription_language}
          onChange={(event) => save({ transcription_language: ZTranscriptionLanguage.parse(event.target.value) })}
        >
          {ZTranscriptionLanguage.options.map((language) => (
            <option key={language} value={language}>
              {LANGUAGE_LABELS[language]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Especialização padrão"
          value={preferences.default_specialization_id ?? ''}
          onChange={(event) =>
            save({ default_specialization_id: event.target.value ? Number(event.target.value) : null })
          }
        >
          <option value="">Nenhuma</option>
          {mine.data?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-3 self-end rounded-lg border border-line px-3 py-2.5">
          <input
            type="checkbox"
            className="size-4 accent-accent-600"
            checked={preferences.auto_generate_anamnesis}
            onChange={(event) => save({ auto_generate_anamnesis: event.target.checked })}
          />
          <span className="text-sm font-medium">Gerar anamnese ao terminar a gravação</span>
        </label>
      </div>
    </Card>
  );
}
