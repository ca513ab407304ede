import type { Redis } from 'ioredis';
import type { RateLimitsConfig } from '../config/rate-limits';
import { RateLimit, waitInWords } from './rate-limit';
import type { RateLimits } from './services';

/**
 * Per-professional limits on the work that reaches the clinic's shared AI providers, counted by user id (across
 * instances through Redis). Each refusal says what was limited and when to try again.
 */
export function createAiWorkLimits(
  limits: RateLimitsConfig,
  redis: { client: Redis; prefix: string } | undefined,
): Pick<RateLimits, 'generationsPerProfessional' | 'evidenceFilesPerProfessional' | 'chunksPerProfessional'> {
  const { generations, evidenceFiles, audioChunks } = limits;
  return {
    generationsPerProfessional: new RateLimit(
      'generations',
      generations,
      redis,
      (seconds) =>
        `Limite de ${generations.points} gerações por hora atingido (notas e documentos). Tente novamente em ${waitInWords(seconds)}.`,
    ),
    evidenceFilesPerProfessional: new RateLimit(
      'evidence-files',
      evidenceFiles,
      redis,
      (seconds) =>
        `Limite de ${evidenceFiles.points} arquivos enviados por hora atingido. Tente novamente em ${waitInWords(seconds)}.`,
    ),
    chunksPerProfessional: new RateLimit(
      'audio-chunks',
      audioChunks,
      redis,
      (seconds) =>
        `Trechos de áudio demais em um minuto; o navegador guarda este e o envia em ${waitInWords(seconds)}.`,
    ),
  };
}
