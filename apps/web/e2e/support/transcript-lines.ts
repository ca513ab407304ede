// What the browser tests' transcription provider hears: consultation 1 of shared/fixtures (a headache
// visit), one line per chunk, so the screenshots show a transcript a clinician would recognise.
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
