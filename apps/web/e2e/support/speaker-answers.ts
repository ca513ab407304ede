// What the browser tests' language model answers to the role pass (the `falantes` schema): each segment it is asked
// about, by its label F1, F2…, is the professional's when it asks or greets (the fixture dialogue's questions), else
// the patient's.

/** The speaker of every `[Fn] text` line of the prompt. */
export function speakerAnswer(prompt: string): Record<string, string> {
  const asked = prompt.split('## Falas a identificar\n')[1] ?? '';
  return Object.fromEntries(
    [...asked.matchAll(/^\[(F\d+)\] (.*)$/gm)].map(([, key, text]) => [
      key!,
      text!.includes('?') ? 'profissional' : 'paciente',
    ]),
  );
}
