import type { CopyChoice, CopyFormat } from './copy-formats';
import { localStore } from '../../../../lib/browser-storage';

const COPY_CHOICE_KEY = 'escriba.note-copy-choice';
const FORMATS: CopyFormat[] = ['titled', 'soap', 'selected'];
const DEFAULT_CHOICE: CopyChoice = { format: 'titled', fieldIds: [] };

/** The format this browser copied in last (each record system takes one), with titles when none or unreadable. */
export function readCopyChoice(storage: Storage = localStore()): CopyChoice {
  try {
    const kept = JSON.parse(storage.getItem(COPY_CHOICE_KEY) ?? 'null') as Partial<CopyChoice> | null;
    if (!kept || !FORMATS.includes(kept.format as CopyFormat) || !Array.isArray(kept.fieldIds)) return DEFAULT_CHOICE;
    return { format: kept.format as CopyFormat, fieldIds: kept.fieldIds.filter((id) => typeof id === 'string') };
  } catch {
    return DEFAULT_CHOICE;
  }
}

export function saveCopyChoice(choice: CopyChoice, storage: Storage = localStore()): void {
  storage.setItem(COPY_CHOICE_KEY, JSON.stringify(choice));
}
