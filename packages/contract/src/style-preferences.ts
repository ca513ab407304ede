import { z } from 'zod';
import { zLine } from './text';

/** At most this many preferences: a short list the model can follow in every note. */
export const STYLE_PREFERENCES_MAX_ITEMS = 8;
/** Her preferences are derived again once this many of her edits of the assistant's text are new. */
export const STYLE_LEARNING_EDITS = 5;
/** Each preference is a short line ("prefere listas", "usa abreviações: HAS, DM2"). */
export const STYLE_PREFERENCE_MAX_LENGTH = 120;

/**
 * A professional's writing preferences, learned from her edits of the assistant's text (or written by her), and
 * followed by her later generations while `enabled`.
 */
export const ZStylePreferences = z.object({
  items: z.array(z.string()),
  enabled: z.boolean(),
  /** When the model last derived the list from her edits; null before the first time. */
  learned_at: z.iso.datetime().nullable(),
});
export type TStylePreferences = z.infer<typeof ZStylePreferences>;

/** One preference, as she may write it. */
export const ZStylePreference = zLine({ max: STYLE_PREFERENCE_MAX_LENGTH });

/** PUT /user/me/style-preferences: the whole list, as she left it, and whether it is applied. */
export const ZStylePreferencesBody = z.strictObject({
  items: z
    .array(ZStylePreference)
    .max(STYLE_PREFERENCES_MAX_ITEMS, `Use no máximo ${STYLE_PREFERENCES_MAX_ITEMS} preferências`),
  enabled: z.boolean(),
});
export type TStylePreferencesBody = z.infer<typeof ZStylePreferencesBody>;
