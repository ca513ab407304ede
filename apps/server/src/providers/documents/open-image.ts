import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';
import type { DocumentType } from './detect-document-type.js';
import { UnreadableDocumentError } from './unreadable-document-error.js';

const CORRUPT_IMAGE_REASON = 'A imagem está corrompida ou incompleta';

/**
 * A sharp pipeline on an accepted image, turned upright by its EXIF orientation; HEIC/HEIF (which
 * sharp's prebuilt libvips cannot decode) is decoded by heic-decode, which applies its rotation itself.
 */
export async function openImage(image: Buffer, type: DocumentType): Promise<Sharp> {
  if (type.mime !== 'image/heic' && type.mime !== 'image/heif') {
    return sharp(image, { autoOrient: true, failOn: 'truncated' });
  }
  const { width, height, data } = await readImage(() => decodeHeic({ buffer: image }));
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  });
}

/** Runs an image operation, turning a decoding failure into UnreadableDocumentError. */
export async function readImage<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new UnreadableDocumentError(CORRUPT_IMAGE_REASON, { cause: error });
  }
}
