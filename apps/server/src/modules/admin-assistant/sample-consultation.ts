import type { GenerationInputs } from '../generation/read-generation-inputs';

/**
 * A synthetic consultation (no real patient) the "testar" panel runs prompts on: administrators never read
 * professionals' consultations. Shortened from /work/shared/fixtures/consultations/01-cefaleia.md.
 */
const LINES = [
  'M: Bom dia, dona Helena. O que traz a senhora aqui hoje?',
  'P: Bom dia, doutor. Faz umas três semanas que eu estou com dor de cabeça quase todo dia.',
  'M: Onde dói, exatamente?',
  'P: Dos dois lados, aqui na testa e na nuca. Parece uma faixa apertando.',
  'M: Tem enjoo, vômito, incômodo com a luz ou com barulho?',
  'P: Enjoo não. A luz incomoda um pouco quando a dor está forte.',
  'M: A senhora tomou algum remédio?',
  'P: Dipirona, quinhentos miligramas, quase todos os dias. Melhora por umas horas.',
  'M: Tem pressão alta, diabetes ou outra doença?',
  'P: Tenho hipertensão. Tomo losartana cinquenta miligramas de manhã.',
  'M: Alguma alergia a medicamento?',
  'P: Sou alérgica a sulfa.',
  'M: Vou medir sua pressão. Cento e trinta e oito por oitenta e oito. O exame neurológico está normal.',
  'M: Parece uma cefaleia do tipo tensional. Vamos reduzir a dipirona, fazer um diário da dor e retornar em quatro semanas.',
];

// Each line a recorded segment of about six seconds, as live transcription would label it (M: the professional).
const SEGMENT_SECONDS = 6;

export const SAMPLE_CONSULTATION = {
  title: 'Consulta de exemplo: clínica médica, cefaleia (fictícia)',
  patient: 'Nome: Helena Prado (paciente fictícia)\nIdade: 46 anos\nSexo: Feminino',
  transcript: LINES,
};

/** The sample as the generator reads a consultation. */
export function sampleInputs(): GenerationInputs {
  return {
    patient: SAMPLE_CONSULTATION.patient,
    userContext: '',
    transcript: LINES.map((line, index) => ({
      segment: {
        seq: index + 1,
        start: index * SEGMENT_SECONDS,
        end: (index + 1) * SEGMENT_SECONDS,
        text: line.slice(3),
        speaker: line.startsWith('M:') ? 'profissional' : 'paciente',
      },
    })),
    evidence: [],
    earlier: [],
    typed: {},
  };
}
