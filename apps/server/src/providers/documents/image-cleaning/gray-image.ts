/** An 8-bit grayscale image, one byte a pixel, row after row (sharp's raw output with one channel). */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A mask of the same size: 1 where a pixel is ink, 0 where it is paper. */
export interface InkMask {
  width: number;
  height: number;
  ink: Uint8Array;
}

const LEVELS = 256;

/** The ink of an image whose paper is even (shadows taken out), split at Otsu's threshold. */
export function findInk(image: GrayImage): InkMask {
  const threshold = otsuThreshold(image.data);
  const ink = new Uint8Array(image.data.length);
  for (let index = 0; index < ink.length; index += 1) ink[index] = image.data[index]! < threshold ? 1 : 0;
  return { width: image.width, height: image.height, ink };
}

/** The level that best splits the pixels into two classes (Otsu 1979): the ink below it, the paper from it up. */
export function otsuThreshold(pixels: Uint8Array): number {
  const histogram = new Float64Array(LEVELS);
  for (const pixel of pixels) histogram[pixel]! += 1;
  let total = 0;
  for (let level = 0; level < LEVELS; level += 1) total += level * histogram[level]!;
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let threshold = LEVELS / 2;
  for (let level = 0; level < LEVELS - 1; level += 1) {
    below += histogram[level]!;
    belowSum += level * histogram[level]!;
    const above = pixels.length - below;
    if (below === 0 || above === 0) continue;
    const difference = belowSum / below - (total - belowSum) / above;
    const between = below * above * difference * difference;
    if (between > best) {
      best = between;
      threshold = level + 1;
    }
  }
  return threshold;
}
