import type { DocumentType } from './detect-document-type.js';
import { openImage, readImage } from './open-image.js';

// Text reads best at about 300 dpi: a page photo or scan shorter than this is enlarged (at most twice,
// beyond that upscaling adds no detail), a huge one reduced, as tesseract's time grows with the pixels.
const MIN_LONG_SIDE = 2000;
const MAX_LONG_SIDE = 4000;
const MAX_UPSCALE = 2;

/** The image as a grayscale PNG with normalised contrast and a size tesseract reads well. */
export async function prepareImageForOcr(image: Buffer, type: DocumentType): Promise<Buffer> {
  const pipeline = await openImage(image, type);
  return await readImage(async () => {
    const { width, height } = (await pipeline.metadata()).autoOrient;
    const longSide = Math.max(width, height);
    const scale =
      longSide < MIN_LONG_SIDE
        ? Math.min(MAX_UPSCALE, MIN_LONG_SIDE / longSide)
        : Math.min(1, MAX_LONG_SIDE / longSide);
    return await pipeline
      .resize({ width: Math.round(width * scale) })
      .grayscale()
      .normalise()
      .png({ compressionLevel: 1 })
      .toBuffer();
  });
}
