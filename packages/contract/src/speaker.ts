import { z } from 'zod';

/**
 * Who said a transcript segment: the professional, the patient, a companion speaking with or for the patient,
 * or not known (yet: the provider gave no speaker and the role pass has not labelled it).
 */
export const SPEAKERS = ['profissional', 'paciente', 'acompanhante', 'desconhecido'] as const;
export const ZSpeaker = z.enum(SPEAKERS, `Use um destes: ${SPEAKERS.join(', ')}`);
export type TSpeaker = z.infer<typeof ZSpeaker>;

/** How the page and the generation prompt name each speaker. */
export const SPEAKER_LABELS: Record<TSpeaker, string> = {
  profissional: 'Profissional',
  paciente: 'Paciente',
  acompanhante: 'Acompanhante',
  desconhecido: 'Não identificado',
};
