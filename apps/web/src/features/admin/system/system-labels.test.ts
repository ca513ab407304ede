import { describe, expect, it } from 'vitest';
import { formatDuration, formatLatency, HEALTH_STATES, queueLabel, retriedMessage } from './system-labels';

describe('system labels', () => {
  it('names the known queues in Portuguese and keeps an unknown one as is', () => {
    expect(queueLabel('transcribe-chunk')).toBe('Transcrição de trechos');
    expect(queueLabel('remove-evidence-files')).toBe('Remoção de arquivos');
    expect(queueLabel('generate-anamnesis')).toBe('Geração de anamnese');
    expect(queueLabel('generate-document')).toBe('Geração de documentos');
    expect(queueLabel('nova-fila')).toBe('nova-fila');
  });

  it('gives every state a word besides its colour', () => {
    expect(Object.values(HEALTH_STATES).map((state) => state.label)).toEqual([
      'ok',
      'lento',
      'fora do ar',
      'não configurado',
    ]);
  });

  it('writes durations from seconds to days', () => {
    expect(formatDuration(42.7)).toBe('42 s');
    expect(formatDuration(12 * 60 + 5)).toBe('12 min');
    expect(formatDuration(3 * 3600)).toBe('3 h');
    expect(formatDuration(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatDuration(2 * 86_400 + 4 * 3600 + 59)).toBe('2 d 4 h');
    expect(formatDuration(86_400)).toBe('1 d');
  });

  it('writes latencies in ms or seconds, with a dash when unmeasured', () => {
    expect(formatLatency(12.4)).toBe('12 ms');
    expect(formatLatency(1234)).toBe('1,2 s');
    expect(formatLatency(null)).toBe('—');
  });

  it('says how many jobs the retry sent back', () => {
    expect(retriedMessage(1, 'remove-evidence-files')).toBe('1 trabalho voltou para a fila Remoção de arquivos');
    expect(retriedMessage(3, 'read-evidence')).toBe('3 trabalhos voltaram para a fila Leitura de arquivos');
    expect(retriedMessage(0, 'read-evidence')).toBe('Nenhum trabalho falho em Leitura de arquivos');
  });
});
