import type { InkMask } from './gray-image.js';

// Small angles only: a page photographed or scanned crooked. A page on its side is EXIF's job.
const MAX_DEGREES = 8;
const COARSE_STEP = 0.5;
const FINE_STEP = 0.1;
// At most this many ink pixels are projected per angle: enough for a stable profile, fast on a big page.
const MAX_SAMPLES = 60_000;

/**
 * The angle in degrees (clockwise positive, as sharp's `rotate` takes it) that makes the lines of text
 * level: the one whose projection of the ink onto the vertical axis has the sharpest peaks, measured by the
 * sum of the squared row counts (lines of text give tall peaks and empty gaps only when level).
 */
export function estimateSkew(mask: InkMask): number {
  const points = samplePoints(mask);
  if (points.length < 2) return 0;
  let best = 0;
  let bestScore = -1;
  const search = (from: number, to: number, step: number) => {
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const score = profileSharpness(points, degrees, mask.height, mask.width);
      if (score > bestScore) {
        bestScore = score;
        best = degrees;
      }
    }
  };
  search(-MAX_DEGREES, MAX_DEGREES, COARSE_STEP);
  const coarse = best;
  search(coarse - COARSE_STEP, coarse + COARSE_STEP, FINE_STEP);
  return Math.round(best * 10) / 10;
}

function samplePoints(mask: InkMask): Int32Array {
  let count = 0;
  for (const pixel of mask.ink) count += pixel;
  const every = Math.max(1, Math.ceil(count / MAX_SAMPLES));
  const points: number[] = [];
  let seen = 0;
  for (let index = 0; index < mask.ink.length; index += 1) {
    if (!mask.ink[index]) continue;
    if (seen++ % every === 0) points.push(index % mask.width, Math.floor(index / mask.width));
  }
  return Int32Array.from(points);
}

/** The sum of squared counts of ink per row once the page is turned by `degrees`. */
function profileSharpness(points: Int32Array, degrees: number, height: number, width: number): number {
  const radians = (degrees * Math.PI) / 180;
  const sin = Math.sin(radians);
  const cos = Math.cos(radians);
  const offset = Math.ceil(width * Math.abs(sin));
  const rows = new Float64Array(height + 2 * offset + 2);
  for (let index = 0; index < points.length; index += 2) {
    // The row a point lands on after turning the page clockwise by `degrees` about its origin.
    const row = Math.round(points[index]! * sin + points[index + 1]! * cos) + offset;
    if (row >= 0 && row < rows.length) rows[row]! += 1;
  }
  let sum = 0;
  for (const count of rows) sum += count * count;
  return sum;
}
