// What the browser tests' language model answers when the server derives a professional's writing preferences
// (modules/style): a few short habits read from her final texts, deterministic like the rest of the fixture.

/** The server's schema name for that request (LEARNING_SCHEMA). */
export const STYLE_LEARNING_SCHEMA = 'preferencias_de_redacao';

export function learnedPreferences(prompt: string): { preferencias: string[] } {
  const finals = [...prompt.matchAll(/Texto final do profissional:\n([\s\S]*?)(?=\n\n### |$)/g)].map(
    ([, text]) => text!,
  );
  const preferences: string[] = [];
  if (finals.some((text) => /^- /m.test(text))) preferences.push('prefere listas');
  const abbreviations = [...new Set(finals.join(' ').match(/\b[A-Z]{2,}\d?\b/g) ?? [])];
  if (abbreviations.length > 0) preferences.push(`usa abreviações: ${abbreviations.join(', ')}`);
  preferences.push('frases curtas, sem repetir a queixa na HDA');
  return { preferencias: preferences };
}
