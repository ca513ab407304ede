import type { TConsultation } from '@escriba/contract';
import { useNoteAuthor } from '../../api/note-author';
import { noteLetterhead, type NoteLetterhead } from './note-letterhead';

/** The letterhead of this consultation's note, once the professional who signs it is known. */
export function useNoteLetterhead(consultation: TConsultation): NoteLetterhead | undefined {
  const author = useNoteAuthor();
  return author && noteLetterhead(author, consultation);
}
