import type { Component } from './connected-components.js';
import type { GrayImage } from './gray-image.js';

// A dot is a small, roughly round piece of ink, a third of a glyph's height at most.
const MAX_DOT_IN_GLYPHS = 0.3;
// A leader's dots follow each other at most a glyph's height apart, on one line, four or more of them: an
// ellipsis (three) and a decimal point stay.
const MAX_GAP_IN_GLYPHS = 1;
const MIN_LEADER_DOTS = 4;

/**
 * The image with its dot leaders ("Hemoglobina ........ 13,5") painted white: tesseract reads them as
 * runs of i, l and 1, junk digits beside the values that matter.
 */
export function removeDotLeaders(image: GrayImage, components: readonly Component[], glyphHeight: number): GrayImage {
  const maxDot = Math.max(2, glyphHeight * MAX_DOT_IN_GLYPHS);
  const dots = components
    .filter(
      (each) =>
        each.width <= maxDot && each.height <= maxDot && each.width <= each.height * 2 && each.height <= each.width * 2,
    )
    .sort((a, b) => a.left - b.left);
  const next = new Map<Component, Component>();
  const hasPrevious = new Set<Component>();
  for (const [index, dot] of dots.entries()) {
    for (let other = index + 1; other < dots.length; other += 1) {
      const candidate = dots[other]!;
      if (candidate.left - dot.left > glyphHeight * MAX_GAP_IN_GLYPHS) break;
      if (Math.abs(candidate.top - dot.top) <= maxDot / 2 && !hasPrevious.has(candidate)) {
        next.set(dot, candidate);
        hasPrevious.add(candidate);
        break;
      }
    }
  }
  const leaders = dots
    .filter((dot) => !hasPrevious.has(dot))
    .map((first) => {
      const chain = [first];
      for (let dot = next.get(first); dot; dot = next.get(dot)) chain.push(dot);
      return chain;
    })
    .filter((chain) => chain.length >= MIN_LEADER_DOTS);
  if (leaders.length === 0) return image;
  const data = Uint8Array.from(image.data);
  for (const dot of leaders.flat()) {
    for (let y = Math.max(0, dot.top - 1); y <= Math.min(image.height - 1, dot.top + dot.height); y += 1) {
      for (let x = Math.max(0, dot.left - 1); x <= Math.min(image.width - 1, dot.left + dot.width); x += 1) {
        data[y * image.width + x] = 255;
      }
    }
  }
  return { ...image, data };
}
