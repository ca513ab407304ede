import { fileTypeFromBuffer } from 'file-type';

export type DocumentKind = 'pdf' | 'image' | 'docx' | 'text';

export interface DocumentType {
  kind: DocumentKind;
  mime: string;
  extension: string;
}

/** How many leading bytes detection needs, at least, when it is not given the whole file. */
export const DETECTION_HEAD_BYTES = 4100;

/** The accepted types, for the message of a 415 answer. */
export const ACCEPTED_TYPES_LABEL = 'PDF, JPEG, PNG, WebP, HEIC, DOCX ou texto (UTF-8)';

const TYPES_BY_MIME: Record<string, DocumentType> = {
  'application/pdf': { kind: 'pdf', mime: 'application/pdf', extension: 'pdf' },
  'image/jpeg': { kind: 'image', mime: 'image/jpeg', extension: 'jpg' },
  'image/png': { kind: 'image', mime: 'image/png', extension: 'png' },
  'image/webp': { kind: 'image', mime: 'image/webp', extension: 'webp' },
  'image/heic': { kind: 'image', mime: 'image/heic', extension: 'heic' },
  'image/heif': { kind: 'image', mime: 'image/heif', extension: 'heif' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    kind: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
};

const TEXT_TYPE: DocumentType = { kind: 'text', mime: 'text/plain', extension: 'txt' };

// Control characters other than \t \n \f \r (NUL, escape, DEL, C1…) mark a binary file.
const BINARY_CONTROL_CHARACTER = /[^\P{Cc}\t\n\f\r]/u;

/**
 * The document type of a file decided by its content alone, from `head`: the whole file
 * (`isComplete`) or its first DETECTION_HEAD_BYTES or more. Undefined for anything not accepted
 * (executables, zip, doc, empty files…). A DOCX is only sure to be recognised from the whole file:
 * its `[Content_Types].xml` entry may come last (the docx package writes it there), and a head without
 * it reads as a plain zip.
 */
export async function detectDocumentType(head: Buffer, isComplete: boolean): Promise<DocumentType | undefined> {
  if (head.length === 0) return undefined;
  const detected = await fileTypeFromBuffer(head);
  if (detected) return TYPES_BY_MIME[detected.mime];
  return isUtf8Text(head, isComplete) ? TEXT_TYPE : undefined;
}

function isUtf8Text(bytes: Buffer, isComplete: boolean): boolean {
  let text: string;
  try {
    // In streaming mode a multi-byte character cut at the end of the head is kept for later, not refused.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !isComplete });
  } catch {
    return false;
  }
  return !BINARY_CONTROL_CHARACTER.test(text);
}
