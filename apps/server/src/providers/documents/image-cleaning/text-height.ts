import type { Component } from './connected-components.js';

// What counts as a glyph: not a speck of noise, not a rule, a frame or a picture.
const MIN_GLYPH_HEIGHT = 4;
const MAX_GLYPH_HEIGHT = 300;
const MAX_GLYPH_ASPECT = 3;
const MIN_GLYPHS = 20;
// An l or a 1 is tall and thin, a table's vertical rule far more so.
const MAX_STROKE_ASPECT = 8;

/**
 * The median height in pixels of the pieces of ink shaped like letters and digits; undefined when the image
 * has too few to tell (a photo, an empty page).
 */
export function medianGlyphHeight(components: readonly Component[]): number | undefined {
  const heights = components
    .filter(
      (each) =>
        each.height >= MIN_GLYPH_HEIGHT &&
        each.height <= MAX_GLYPH_HEIGHT &&
        each.width <= each.height * MAX_GLYPH_ASPECT &&
        each.height <= each.width * MAX_STROKE_ASPECT,
    )
    .map((each) => each.height)
    .sort((a, b) => a - b);
  if (heights.length < MIN_GLYPHS) return undefined;
  return heights[Math.floor(heights.length / 2)];
}
