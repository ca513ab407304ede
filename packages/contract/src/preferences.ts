import { z } from 'zod';

export const ZTheme = z.enum(['light', 'dark', 'system']);
export const ZTranscriptionLanguage = z.enum(['pt-BR', 'en-US', 'es-ES']);

export const ZPreferences = z.object({
  theme: ZTheme,
  transcription_language: ZTranscriptionLanguage,
  /** Draft the anamnesis as soon as the recording stops. */
  auto_generate_anamnesis: z.boolean(),
  default_specialization_id: z.number().int().positive().nullable(),
});
export type TPreferences = z.infer<typeof ZPreferences>;

export const DEFAULT_PREFERENCES: TPreferences = {
  theme: 'light',
  transcription_language: 'pt-BR',
  auto_generate_anamnesis: false,
  default_specialization_id: null,
};

export const ZUpdatePreferencesBody = ZPreferences.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Informe ao menos um campo');
export type TUpdatePreferencesBody = z.infer<typeof ZUpdatePreferencesBody>;
