import type { InkMask } from './gray-image.js';

/** A connected piece of ink (8-neighbourhood): its bounding box and how many pixels it has. */
export interface Component {
  left: number;
  top: number;
  width: number;
  height: number;
  pixels: number;
}

/** The connected pieces of ink of a mask, found by a flood fill with an explicit stack. */
export function findComponents(mask: InkMask): Component[] {
  const { width, height, ink } = mask;
  const seen = new Uint8Array(ink.length);
  const stack = new Int32Array(ink.length);
  const components: Component[] = [];
  for (let start = 0; start < ink.length; start += 1) {
    if (!ink[start] || seen[start]) continue;
    let top = height;
    let bottom = -1;
    let left = width;
    let right = -1;
    let pixels = 0;
    let size = 0;
    stack[size++] = start;
    seen[start] = 1;
    while (size > 0) {
      const index = stack[--size]!;
      const x = index % width;
      const y = (index - x) / width;
      pixels += 1;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const next = ny * width + nx;
          if (ink[next] && !seen[next]) {
            seen[next] = 1;
            stack[size++] = next;
          }
        }
      }
    }
    components.push({ left, top, width: right - left + 1, height: bottom - top + 1, pixels });
  }
  return components;
}
