import type { GrayImage, InkMask } from './gray-image.js';

// A run of ink this many glyph heights long is a rule (a table's grid, a form's line to fill in), not a
// letter: the widest letters and a dash stay under two. Rules touching letters are cut where they touch.
const RULE_LENGTH_IN_GLYPHS = 5;
// Anti-aliased or JPEG-blurred edges of a rule, lighter than ink: the pixels this far beside it go too.
const RULE_FRINGE = 2;

/**
 * The image with its long horizontal and vertical rules painted white (tesseract reads a grid's lines as
 * letters, or loses the digits pressed against them).
 */
export function removeTableLines(image: GrayImage, mask: InkMask, glyphHeight: number): GrayImage {
  const { width, height, ink } = mask;
  const minRun = Math.max(20, Math.round(glyphHeight * RULE_LENGTH_IN_GLYPHS));
  const rule = new Uint8Array(ink.length);
  const continuesPastEdge = (x: number, y: number, dx: number, dy: number) => {
    const nx = x + dx * (RULE_FRINGE + 1);
    const ny = y + dy * (RULE_FRINGE + 1);
    return nx >= 0 && nx < width && ny >= 0 && ny < height && ink[ny * width + nx] === 1;
  };
  let removed = 0;
  // A rule's own pixels, and beside it (across the rule) its blurred or thicker edge; ink there that goes on
  // past the edge is a letter touching the rule, and stays.
  const mark = (x: number, y: number, acrossX: number, acrossY: number) => {
    for (let step = -RULE_FRINGE; step <= RULE_FRINGE; step += 1) {
      const nx = x + step * acrossX;
      const ny = y + step * acrossY;
      if (nx < 0 || nx >= width || ny < 0 || ny >= height) continue;
      const index = ny * width + nx;
      if (step !== 0 && ink[index] && continuesPastEdge(x, y, Math.sign(step) * acrossX, Math.sign(step) * acrossY))
        continue;
      if (!rule[index]) {
        rule[index] = 1;
        removed += 1;
      }
    }
  };
  for (let y = 0; y < height; y += 1) {
    let start = 0;
    for (let x = 0; x <= width; x += 1) {
      if (x < width && ink[y * width + x]) continue;
      if (x - start >= minRun) for (let run = start; run < x; run += 1) mark(run, y, 0, 1);
      start = x + 1;
    }
  }
  for (let x = 0; x < width; x += 1) {
    let start = 0;
    for (let y = 0; y <= height; y += 1) {
      if (y < height && ink[y * width + x]) continue;
      if (y - start >= minRun) for (let run = start; run < y; run += 1) mark(x, run, 1, 0);
      start = y + 1;
    }
  }
  if (removed === 0) return image;
  const data = Uint8Array.from(image.data);
  for (let index = 0; index < data.length; index += 1) if (rule[index]) data[index] = 255;
  return { width, height, data };
}
