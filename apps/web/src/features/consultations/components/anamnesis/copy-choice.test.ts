import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../../lib/browser-storage';
import { readCopyChoice, saveCopyChoice } from './copy-choice';

describe('the copy format this browser keeps', () => {
  it('is every field with its title until she chooses another', () => {
    expect(readCopyChoice(memoryStorage())).toEqual({ format: 'titled', fieldIds: [] });
  });

  it('keeps her choice, with the fields she picked', () => {
    const storage = memoryStorage();
    saveCopyChoice({ format: 'selected', fieldIds: ['conduta'] }, storage);
    expect(readCopyChoice(storage)).toEqual({ format: 'selected', fieldIds: ['conduta'] });
  });

  it('falls back to titles when what is kept is not a choice', () => {
    for (const kept of ['{', '"soap"', '{"format":"pdf","fieldIds":[]}', '{"format":"soap"}']) {
      const storage = memoryStorage();
      storage.setItem('escriba.note-copy-choice', kept);
      expect(readCopyChoice(storage)).toEqual({ format: 'titled', fieldIds: [] });
    }
  });
});
