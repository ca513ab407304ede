/**
 * Hypotheses as clinicians write them in a note (qualifiers of certainty and course, abbreviations, accents left
 * out), each with the CID-10 categories one of which must rank in the first three (issue 31). Shared by the tests of
 * the model's candidates and of the search endpoint.
 */
export const CLINICAL_PHRASES: readonly { area: string; phrase: string; families: readonly string[] }[] = [
  // Primary care
  { area: 'atenção primária', phrase: 'HAS descompensada', families: ['I10'] },
  { area: 'atenção primária', phrase: 'DM2 mal controlado', families: ['E11'] },
  { area: 'atenção primária', phrase: 'ITU não complicada', families: ['N39', 'N30'] },
  { area: 'atenção primária', phrase: 'IVAS', families: ['J06'] },
  { area: 'atenção primária', phrase: 'Suspeita de pneumonia adquirida na comunidade', families: ['J18'] },
  { area: 'atenção primária', phrase: 'Lombalgia mecânica', families: ['M54'] },
  { area: 'atenção primária', phrase: 'Dislipidemia mista', families: ['E78'] },
  { area: 'atenção primária', phrase: 'Hipotireoidismo a esclarecer', families: ['E03'] },
  { area: 'atenção primária', phrase: 'Asma em exacerbação', families: ['J45', 'J46'] },
  { area: 'atenção primária', phrase: 'Cefaleia do tipo tensional', families: ['G44'] },
  { area: 'atenção primária', phrase: 'Anemia ferropriva provável', families: ['D50'] },
  // Pre-natal
  { area: 'pré-natal', phrase: 'Suspeita de pré-eclâmpsia', families: ['O14'] },
  { area: 'pré-natal', phrase: 'Suspeita de pré-eclâmpsia com sinais de gravidade', families: ['O14'] },
  { area: 'pré-natal', phrase: 'pre-eclampsia a/e', families: ['O14'] },
  { area: 'pré-natal', phrase: 'DMG', families: ['O24'] },
  { area: 'pré-natal', phrase: 'Hiperemese gravidica', families: ['O21'] },
  { area: 'pré-natal', phrase: 'ITU na gestação', families: ['O23'] },
  { area: 'pré-natal', phrase: 'Ameaça de aborto', families: ['O20'] },
  { area: 'pré-natal', phrase: 'Hipertensão gestacional em investigação', families: ['O13', 'O16'] },
  { area: 'pré-natal', phrase: 'Trabalho de parto prematuro', families: ['O60'] },
  // Pediatrics
  { area: 'pediatria', phrase: 'Bronquiolite viral aguda', families: ['J21'] },
  { area: 'pediatria', phrase: 'Otite média aguda', families: ['H65', 'H66'] },
  { area: 'pediatria', phrase: 'Provável gastroenterite aguda', families: ['A08', 'A09', 'K52'] },
  { area: 'pediatria', phrase: 'Amigdalite bacteriana', families: ['J03'] },
  { area: 'pediatria', phrase: 'Febre sem sinais localizatórios', families: ['R50'] },
  { area: 'pediatria', phrase: 'Hipótese de varicela', families: ['B01'] },
  { area: 'pediatria', phrase: 'Escarlatina', families: ['A38'] },
  // Mental health
  { area: 'saúde mental', phrase: 'Episódio depressivo moderado', families: ['F32'] },
  { area: 'saúde mental', phrase: 'Transtorno de ansiedade generalizada', families: ['F41'] },
  { area: 'saúde mental', phrase: 'TAG', families: ['F41'] },
  { area: 'saúde mental', phrase: 'Crise de pânico', families: ['F41'] },
  { area: 'saúde mental', phrase: 'Insonia', families: ['G47', 'F51'] },
  { area: 'saúde mental', phrase: 'Transtorno afetivo bipolar a esclarecer', families: ['F31'] },
  { area: 'saúde mental', phrase: 'Possível depressão', families: ['F32', 'F33'] },
  // Cardiology
  { area: 'cardiologia', phrase: 'ICC descompensada', families: ['I50'] },
  { area: 'cardiologia', phrase: 'Fibrilação atrial', families: ['I48'] },
  { area: 'cardiologia', phrase: 'Provável IAM', families: ['I21'] },
  { area: 'cardiologia', phrase: 'Angina instável', families: ['I20'] },
  { area: 'cardiologia', phrase: 'Insuficiencia cardiaca com fracao de ejecao reduzida', families: ['I50'] },
  { area: 'cardiologia', phrase: 'Hipertensão arterial sistêmica estágio 2', families: ['I10'] },
  // Dermatology
  { area: 'dermatologia', phrase: 'Psoriase em placas', families: ['L40'] },
  { area: 'dermatologia', phrase: 'Acne vulgar', families: ['L70'] },
  { area: 'dermatologia', phrase: 'Dermatite atópica', families: ['L20'] },
  { area: 'dermatologia', phrase: 'Escabiose', families: ['B86'] },
  { area: 'dermatologia', phrase: 'Urticaria aguda', families: ['L50'] },
  { area: 'dermatologia', phrase: 'Compatível com herpes zoster', families: ['B02'] },
  { area: 'dermatologia', phrase: 'Descartar melanoma', families: ['C43', 'D03'] },
];

/** The phrases whose first three codes hold none of their families, each with the codes found: none when all pass. */
export async function missedPhrases(codesFor: (phrase: string) => Promise<string[]>): Promise<string[]> {
  const missed: string[] = [];
  for (const { phrase, families } of CLINICAL_PHRASES) {
    const codes = (await codesFor(phrase)).slice(0, 3);
    if (!codes.some((code) => families.includes(code.slice(0, 3)))) {
      missed.push(`${phrase}: expected ${families.join(' or ')}, found ${codes.join(', ') || 'nothing'}`);
    }
  }
  return missed;
}
