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
    writeDraft(storage, 'a', { text: 'Paciente relata cefaleia', base: 'Paciente' });
    writeDraft(storage, 'b', { text: 'Outra consulta', base: '' });
    settleDraft(storage, 'a', 'Paciente relata');
    expect(readDraft(storage, 'a')).toEqual({ text: 'Paciente relata cefaleia', base: 'Paciente' });
    settleDraft(storage, 'a', 'Paciente relata cefaleia');
    expect(readDraft(storage, 'a')).toBeUndefined();
    expect(readDraft(storage, 'b')).toEqual({ text: 'Outra consulta', base: '' });
  });

  it('read a draft kept as plain text by an earlier version, without a base', () => {
    const storage = memoryStorage();
    storage.setItem('escriba:user-context-draft:a', 'texto antigo');
    expect(readDraft(storage, 'a')).toEqual({ text: 'texto antigo' });
  });

  it('are forgotten outright when the consultation is deleted', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'a', { text: 'texto', base: '' });
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
    expect(() => writeDraft(full, 'a', { text: 'texto', base: '' })).not.toThrow();
  });

  it('are all forgotten at log-out, leaving what else the browser keeps', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'a', { text: 'texto clínico', base: '' });
    writeDraft(storage, 'b', { text: 'outro texto', base: '' });
    storage.setItem('escriba:theme', 'dark');
    clearAllDrafts(storage);
    expect(readDraft(storage, 'a')).toBeUndefined();
    expect(readDraft(storage, 'b')).toBeUndefined();
    expect(storage.getItem('escriba:theme')).toBe('dark');
  });
});
