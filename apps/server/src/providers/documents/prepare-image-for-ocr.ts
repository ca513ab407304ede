import sharp, { type Sharp } from 'sharp';
import type { DocumentType } from './detect-document-type.js';
import { findComponents } from './image-cleaning/connected-components.js';
import { estimateSkew } from './image-cleaning/estimate-skew.js';
import { evenOutShadows } from './image-cleaning/even-out-shadows.js';
import { findCheckBoxes } from './image-cleaning/find-check-boxes.js';
import { findInk, type GrayImage } from './image-cleaning/gray-image.js';
import { removeDotLeaders } from './image-cleaning/remove-dot-leaders.js';
import { removeTableLines } from './image-cleaning/remove-table-lines.js';
import { medianGlyphHeight } from './image-cleaning/text-height.js';
import { openImage, readImage } from './open-image.js';

// Analysed at most this large (a phone photo is reduced first): enough for letters, fast to walk in JS.
const MAX_ANALYSIS_SIDE = 3000;
// Tesseract reads best with letters about 30 px tall: a page's body text (10–12 pt) at 300 dpi. The median
// piece of ink (capitals, lowercase, digits) of such text measures about 26 px.
const TARGET_GLYPH_HEIGHT = 26;
// Within this ratio of the target the image is left at its size: resampling costs time and sharpness.
const SCALE_TOLERANCE = 1.25;
// A 72 dpi picture of a page needs about 4×; past 5× nothing more is gained and the page gets slow.
const MAX_UPSCALE = 5;
const MAX_OCR_SIDE = 5000;
// Below this a page is level enough: tesseract handles it itself.
const MIN_DESKEW_DEGREES = 0.3;
// A form: at least this many check boxes.
const MIN_FORM_BOXES = 2;

/** An image ready for OCR, and what its cleaning found. */
export interface PreparedImage {
  png: Buffer;
  width: number;
  height: number;
  /** Degrees it was turned to level its lines. */
  skew: number;
  /** How much it was enlarged (above 1) or reduced. */
  scale: number;
  /** Check boxes found, when there are enough to be a form's; 0 otherwise. */
  checkBoxes: number;
  markedCheckBoxes: number;
}

/**
 * The image as a grayscale PNG tesseract reads well: shadows evened out (divided by the paper's brightness
 * around each pixel), turned level by up to 8°, a table's rules removed, and scaled so that its letters
 * measure what they would at 300 dpi. Also counts a form's check boxes, whose marks OCR does not read.
 */
export async function prepareImageForOcr(image: Buffer, type: DocumentType): Promise<PreparedImage> {
  const pipeline = await openImage(image, type);
  return await readImage(async () => {
    const gray = evenOutShadows(await toGray(pipeline));
    const skew = estimateSkew(findInk(gray));
    const level = Math.abs(skew) >= MIN_DESKEW_DEGREES ? await rotate(gray, skew) : gray;
    const mask = findInk(level);
    const components = findComponents(mask);
    const glyphHeight = medianGlyphHeight(components);
    const boxes = glyphHeight ? findCheckBoxes(mask, components, glyphHeight) : [];
    const clean = glyphHeight
      ? removeDotLeaders(removeTableLines(level, mask, glyphHeight), components, glyphHeight)
      : level;
    const scale = scaleFor(glyphHeight, clean);
    const isForm = boxes.length >= MIN_FORM_BOXES;
    const { data, info } = await fromGray(clean)
      .resize({ width: Math.round(clean.width * scale), kernel: scale > 1 ? 'lanczos3' : 'mitchell' })
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
    return {
      png: data,
      width: info.width,
      height: info.height,
      skew: level === gray ? 0 : skew,
      scale,
      checkBoxes: isForm ? boxes.length : 0,
      markedCheckBoxes: isForm ? boxes.filter((box) => box.isMarked).length : 0,
    };
  });
}

async function toGray(pipeline: Sharp): Promise<GrayImage> {
  const { width, height } = (await pipeline.metadata()).autoOrient;
  const reduce = Math.min(1, MAX_ANALYSIS_SIDE / Math.max(width, height));
  return readGray(pipeline.flatten({ background: '#ffffff' }).resize({ width: Math.round(width * reduce) }));
}

function fromGray(image: GrayImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });
}

function rotate(image: GrayImage, degrees: number): Promise<GrayImage> {
  return readGray(fromGray(image).rotate(degrees, { background: '#ffffff' }));
}

async function readGray(pipeline: Sharp): Promise<GrayImage> {
  const { data, info } = await pipeline.grayscale().raw().toBuffer({ resolveWithObject: true });
  // An image with alpha keeps it in grayscale: the gray is the first of its channels.
  const gray = new Uint8Array(info.width * info.height);
  for (let index = 0; index < gray.length; index += 1) gray[index] = data[index * info.channels]!;
  return { width: info.width, height: info.height, data: gray };
}

function scaleFor(glyphHeight: number | undefined, image: GrayImage): number {
  const longSide = Math.max(image.width, image.height);
  const wanted = glyphHeight ? TARGET_GLYPH_HEIGHT / glyphHeight : 1;
  const scale = wanted > SCALE_TOLERANCE || wanted < 1 / SCALE_TOLERANCE ? Math.min(wanted, MAX_UPSCALE) : 1;
  return Math.min(scale, MAX_OCR_SIDE / longSide);
}
