import { describe, expect, it, vi } from 'vitest';
import { clearAllDrafts, readDraft, settleDraft, writeDraft } from './user-context-drafts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
  };
}

describe('user-context drafts', () => {
  it('are kept per consultation until the server confirms the same text', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'a', 'Paciente relata cefaleia');
    writeDraft(storage, 'b', 'Outra consulta');
    settleDraft(storage, 'a', 'Paciente relata');
    expect(readDraft(storage, 'a')).toBe('Paciente relata cefaleia');
    settleDraft(storage, 'a', 'Paciente relata cefaleia');
    expect(readDraft(storage, 'a')).toBeUndefined();
    expect(readDraft(storage, 'b')).toBe('Outra consulta');
  });

  it('are forgotten outright when the consultation is deleted', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'a', 'texto');
    settleDraft(storage, 'a');
    expect(readDraft(storage, 'a')).toBeUndefined();
  });

  it('survive a storage that refuses to write', () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => writeDraft(full, 'a', 'texto')).not.toThrow();
  });

  it('are all forgotten at log-out, leaving what else the browser keeps', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'a', 'texto clínico');
    writeDraft(storage, 'b', 'outro texto');
    storage.setItem('escriba:theme', 'dark');
    clearAllDrafts(storage);
    expect(readDraft(storage, 'a')).toBeUndefined();
    expect(readDraft(storage, 'b')).toBeUndefined();
    expect(storage.getItem('escriba:theme')).toBe('dark');
  });
});
