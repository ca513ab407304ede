import type { THealthState } from '@escriba/contract';
import type { BadgeTone } from '../../../components/ui/badge';
import { formatCount } from '../../../lib/plural';

/** A state as text and colour together: the colour never speaks alone. */
export const HEALTH_STATES: Record<THealthState, { label: string; tone: BadgeTone }> = {
  ok: { label: 'ok', tone: 'success' },
  degraded: { label: 'lento', tone: 'warning' },
  down: { label: 'fora do ar', tone: 'danger' },
  unconfigured: { label: 'não configurado', tone: 'neutral' },
};

const QUEUE_LABELS: Record<string, string> = {
  'transcribe-chunk': 'Transcrição de trechos',
  'finish-transcript': 'Fechamento de transcrição',
  'read-evidence': 'Leitura de arquivos',
  'remove-evidence-files': 'Remoção de arquivos',
  'generate-anamnesis': 'Geração de anamnese',
  'generate-document': 'Geração de documentos',
  'learn-style': 'Preferências de redação',
};

/** A job queue's name in Portuguese; one this page does not know yet keeps its own. */
export function queueLabel(name: string): string {
  return QUEUE_LABELS[name] ?? name;
}

/** A span of seconds as a person reads it: "40 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  if (minutes < 1) return `${Math.max(0, Math.floor(totalSeconds))} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 1) return `${minutes} min`;
  const days = Math.floor(hours / 24);
  if (days < 1) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** A probe's latency: "12 ms", "1,2 s"; a dash when it was not measured. */
export function formatLatency(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;
}

/** The retry's toast: how many jobs went back to their queue. */
export function retriedMessage(retried: number, queue: string): string {
  const jobs = formatCount(retried, 'trabalho voltou', 'trabalhos voltaram');
  return retried === 0 ? `Nenhum trabalho falho em ${queueLabel(queue)}` : `${jobs} para a fila ${queueLabel(queue)}`;
}
