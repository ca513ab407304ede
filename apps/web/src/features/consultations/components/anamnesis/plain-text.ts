import { NOT_INFORMED } from '@escriba/contract';
import type { NoteLetterhead } from './note-letterhead';

interface TextField {
  title: string;
  text: string;
}

/** A field as plain text for an electronic record: the text alone, line breaks kept, no trailing spaces. */
export function fieldPlainText(field: Pick<TextField, 'text'>): string {
  return field.text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

/** The whole note as plain text: each field's title on its own line, then its text; a blank line between fields. */
export function notePlainText(fields: TextField[]): string {
  return fields.map((field) => `${field.title}\n${fieldPlainText(field) || NOT_INFORMED}`).join('\n\n');
}

/** A text that leaves the page (the note, a document): the letterhead's lines, the text, then the AI line. */
export function letterheadText(letterhead: NoteLetterhead, body: string): string {
  const heading = letterhead.rows.map((row) => `${row.label}: ${row.value}`).join('\n');
  return [heading, body, letterhead.aiDisclosure].join('\n\n');
}

/** "Não informado" (whatever the case or final full stop): the assistant found nothing to support the field. */
export function isNotInformed(text: string): boolean {
  return text.trim().replace(/\.$/, '').localeCompare(NOT_INFORMED, 'pt-BR', { sensitivity: 'base' }) === 0;
}
