const MAX_FILE_NAME_LENGTH = 120;

// Extensions that name the same type as the one detected.
const SAME_EXTENSIONS: Record<string, string[]> = {
  jpg: ['jpg', 'jpeg'],
  heic: ['heic', 'heif'],
  heif: ['heif', 'heic'],
};

/**
 * A file name safe to store and show: the base name only, without control or bidi characters, in NFC,
 * at most 120 characters, ending in the extension of the detected type (so a text file named
 * `laudo.html` is downloaded as `laudo.html.txt`); `arquivo.<extension>` when nothing is left.
 */
export function cleanFileName(name: string | undefined, extension: string): string {
  const baseName = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = baseName
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, (character) => (/\s/u.test(character) ? ' ' : ''))
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^[.\s]+/u, '');
  if (cleaned === '') return `arquivo.${extension}`;
  const ownExtension = /\.([^.]+)$/u.exec(cleaned)?.[1];
  const isSameType = (SAME_EXTENSIONS[extension] ?? [extension]).includes(ownExtension?.toLowerCase() ?? '');
  const stem = isSameType ? cleaned.slice(0, cleaned.length - (ownExtension ?? '').length - 1) : cleaned;
  const suffix = `.${isSameType ? (ownExtension ?? extension) : extension}`;
  const maxStemLength = MAX_FILE_NAME_LENGTH - suffix.length;
  const codePoints = Array.from(stem);
  const shortStem = codePoints.length > maxStemLength ? codePoints.slice(0, maxStemLength).join('').trimEnd() : stem;
  return `${shortStem}${suffix}`;
}

/**
 * A Content-Disposition header value for a cleaned file name: an ASCII fallback for old clients and
 * the exact name in RFC 5987 `filename*`.
 */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment'): string {
  const asciiName = fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]|["\\]/gu, '_');
  const encodedName = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodedName}`;
}
