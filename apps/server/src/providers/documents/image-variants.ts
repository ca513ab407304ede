import type { Sharp } from 'sharp';
import type { DocumentType } from './detect-document-type.js';
import { openImage, readImage } from './open-image.js';

export interface ImageVariant {
  /** 'thumbnail', 'placeholder' or `w${width}` for a responsive width. */
  name: string;
  width: number;
  height: number;
  contentType: 'image/webp';
  data: Buffer;
}

// Spec section 9: breakpoints xs 320, sm 640, md 768, lg 1024, xl 1280, 2xl 1536 at densities 1 and 2,
// WebP, and a 10x10 placeholder at quality 50 with blur 3.
const BREAKPOINTS = [320, 640, 768, 1024, 1280, 1536];
const DENSITIES = [1, 2];
const THUMBNAIL_SIDE = 320;
const PLACEHOLDER_SIDE = 10;
const PLACEHOLDER_QUALITY = 50;
const PLACEHOLDER_BLUR_SIGMA = 3;

const RESPONSIVE_WIDTHS = [
  ...new Set(BREAKPOINTS.flatMap((width) => DENSITIES.map((density) => width * density))),
].sort((a, b) => a - b);

/**
 * WebP versions of an image to show it: a thumbnail, the responsive widths (never wider than the
 * original, whose own width closes the list when it is smaller) and a tiny blurred placeholder.
 * Upright by EXIF orientation and without metadata (sharp drops EXIF, so no GPS position leaks).
 */
export async function makeImageVariants(image: Buffer, type: DocumentType): Promise<ImageVariant[]> {
  const pipeline = await openImage(image, type);
  return await readImage(async () => {
    const { width: originalWidth } = (await pipeline.metadata()).autoOrient;
    const widths = RESPONSIVE_WIDTHS.filter((width) => width < originalWidth);
    if (widths.length < RESPONSIVE_WIDTHS.length) widths.push(originalWidth);
    return [
      await encode(
        'thumbnail',
        pipeline.clone().resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true }).webp(),
      ),
      ...(await Promise.all(widths.map((width) => encode(`w${width}`, pipeline.clone().resize({ width }).webp())))),
      await encode(
        'placeholder',
        pipeline
          .clone()
          .resize(PLACEHOLDER_SIDE, PLACEHOLDER_SIDE, { fit: 'fill' })
          .blur(PLACEHOLDER_BLUR_SIGMA)
          .webp({ quality: PLACEHOLDER_QUALITY }),
      ),
    ];
  });
}

async function encode(name: string, pipeline: Sharp): Promise<ImageVariant> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { name, width: info.width, height: info.height, contentType: 'image/webp', data };
}
