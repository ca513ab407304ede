import type { Component } from './connected-components.js';
import type { InkMask } from './gray-image.js';

// A form's box is about as tall as its text, up to three times; square within a third.
const MIN_SIDE_IN_GLYPHS = 0.6;
const MAX_SIDE_IN_GLYPHS = 3;
const MAX_ASPECT = 1.35;
// Each of its four sides is a straight line: most pixels of a band this share of the side are ink. An O,
// a D or a 0 leaves corners empty; a letter has no four full sides.
const SIDE_BAND = 0.15;
const MIN_SIDE_COVERAGE = 0.85;
// Marked: ink inside, away from the frame (an X, a tick, a filled square).
const MIN_INSIDE_INK = 0.06;

/** A check box found in the image, and whether something is marked in it. */
export interface CheckBox {
  left: number;
  top: number;
  width: number;
  height: number;
  isMarked: boolean;
}

/** The square frames of a form's check boxes, told from letters by their four straight sides. */
export function findCheckBoxes(mask: InkMask, components: readonly Component[], glyphHeight: number): CheckBox[] {
  const boxes: CheckBox[] = [];
  for (const component of components) {
    const { width, height } = component;
    const side = Math.max(width, height);
    if (side < glyphHeight * MIN_SIDE_IN_GLYPHS || side > glyphHeight * MAX_SIDE_IN_GLYPHS) continue;
    if (Math.max(width, height) / Math.min(width, height) > MAX_ASPECT) continue;
    if (!hasFourSides(mask, component)) continue;
    boxes.push({ ...frameOf(component), isMarked: insideInk(mask, component) >= MIN_INSIDE_INK });
  }
  return boxes;
}

function frameOf({ left, top, width, height }: Component) {
  return { left, top, width, height };
}

function hasFourSides(mask: InkMask, { left, top, width, height }: Component): boolean {
  const bandX = Math.max(1, Math.round(width * SIDE_BAND));
  const bandY = Math.max(1, Math.round(height * SIDE_BAND));
  const right = left + width - 1;
  const bottom = top + height - 1;
  // Per position along a side: is there ink anywhere within the band's depth?
  const covered = (positions: number, inkAt: (position: number, depth: number) => boolean, depth: number) => {
    let count = 0;
    for (let position = 0; position < positions; position += 1) {
      for (let step = 0; step < depth; step += 1) {
        if (inkAt(position, step)) {
          count += 1;
          break;
        }
      }
    }
    return count / positions;
  };
  const at = (x: number, y: number) => mask.ink[y * mask.width + x] === 1;
  return (
    covered(width, (p, d) => at(left + p, top + d), bandY) >= MIN_SIDE_COVERAGE &&
    covered(width, (p, d) => at(left + p, bottom - d), bandY) >= MIN_SIDE_COVERAGE &&
    covered(height, (p, d) => at(left + d, top + p), bandX) >= MIN_SIDE_COVERAGE &&
    covered(height, (p, d) => at(right - d, top + p), bandX) >= MIN_SIDE_COVERAGE
  );
}

/** The share of ink inside the frame, a band away from its sides. */
function insideInk(mask: InkMask, { left, top, width, height }: Component): number {
  const marginX = Math.max(2, Math.round(width * (SIDE_BAND + 0.1)));
  const marginY = Math.max(2, Math.round(height * (SIDE_BAND + 0.1)));
  let ink = 0;
  let all = 0;
  for (let y = top + marginY; y < top + height - marginY; y += 1) {
    for (let x = left + marginX; x < left + width - marginX; x += 1) {
      ink += mask.ink[y * mask.width + x]!;
      all += 1;
    }
  }
  return all === 0 ? 0 : ink / all;
}
