// What the browser tests' transcription provider hears: consultation 1 of shared/fixtures (a headache
// visit), one line per recorder's chunk, so the screenshots show a transcript a clinician would recognise.
const DIALOGUE = [
  'Bom dia, dona Helena. O que traz a senhora aqui hoje?',
  'Faz umas três semanas que eu estou com dor de cabeça quase todo dia.',
  'Onde dói, exatamente?',
  'Dos dois lados, aqui na testa e na nuca. Parece uma faixa apertando.',
  'A dor é pulsátil ou em aperto?',
  'Em aperto. Piora no fim da tarde, quando eu saio do trabalho.',
  'Tem enjoo, vômito, incômodo com a luz ou com barulho?',
  'Enjoo não. A luz incomoda um pouco quando a dor está forte.',
  'A senhora tomou algum remédio?',
  'Dipirona, quinhentos miligramas, quase todos os dias. Melhora por umas horas.',
  'Teve febre, perda de força, formigamento ou alteração na visão?',
  'Não, nada disso.',
  'Como está o sono?',
  'Ruim. Eu durmo umas cinco horas por noite, estou com muito estresse no trabalho.',
  'Tem pressão alta, diabetes ou outra doença?',
  'Tenho hipertensão. Tomo losartana cinquenta miligramas de manhã.',
];

/** The text of chunk `seq`, unique per chunk. */
export function transcriptLine(seq: number): string {
  const line = DIALOGUE[seq % DIALOGUE.length]!;
  return seq < DIALOGUE.length ? line : `${line} (${seq})`;
}

/**
 * How long a line of a long chunk lasts: a second, so the 720 lines of an hour of 5-s chunks (issue 32) cost the
 * server 12 minutes of audio, not an hour of it.
 */
export const LONG_CHUNK_LINE_SECONDS = 1;
// Longer than any chunk the recorder cuts, even late under load or around a network cut.
const LONG_CHUNK_MIN_SECONDS = 30;

/**
 * The provider's answer to chunk `seq` lasting `seconds`: a recorder's chunk is one line, without a voice (the role
 * pass labels it); a long one, which a spec sends to make an hour of consultation in few requests, one line every
 * LONG_CHUNK_LINE_SECONDS as a diarizing provider answers, each said by the professional's voice when it asks, else
 * the patient's.
 */
export function transcriptAnswer(seq: number, seconds: number | undefined) {
  if (seconds === undefined || seconds < LONG_CHUNK_MIN_SECONDS) return { text: transcriptLine(seq) };
  const count = Math.round(seconds / LONG_CHUNK_LINE_SECONDS);
  const segments = Array.from({ length: count }, (_, index) => {
    const text = transcriptLine(seq * count + index);
    return {
      start: index * LONG_CHUNK_LINE_SECONDS,
      end: (index + 1) * LONG_CHUNK_LINE_SECONDS,
      text,
      speaker: text.includes('?') ? 'SPEAKER_00' : 'SPEAKER_01',
      avg_logprob: -0.2,
      no_speech_prob: 0.01,
      compression_ratio: 1.1,
    };
  });
  return { text: segments.map((segment) => segment.text).join(' '), segments };
}
