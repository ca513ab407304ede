import type { GrayImage } from './gray-image.js';

// The paper's brightness is taken as the brightest pixel of cells this fraction of the long side (never
// under 16 px), so that a cell always holds some paper between the letters and lines of text.
const CELL_FRACTION = 1 / 60;
const MIN_CELL = 16;
// Two passes of a 3x3 mean over the cells smooth the steps between them.
const SMOOTHING_PASSES = 2;

/**
 * The image divided by an estimate of its paper (a shadow, uneven light, a yellowed page): each pixel
 * becomes its share of the paper's brightness around it, so paper turns white everywhere and ink stays dark.
 */
export function evenOutShadows(image: GrayImage): GrayImage {
  const { width, height, data } = image;
  const cell = Math.max(MIN_CELL, Math.round(Math.max(width, height) * CELL_FRACTION));
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  let paper: Float32Array = new Float32Array(columns * rows);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / cell) * columns;
    for (let x = 0; x < width; x += 1) {
      const index = row + Math.floor(x / cell);
      const pixel = data[y * width + x]!;
      if (pixel > paper[index]!) paper[index] = pixel;
    }
  }
  for (let pass = 0; pass < SMOOTHING_PASSES; pass += 1) paper = smooth(paper, columns, rows);
  const even = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    // Bilinear between cell centres.
    const cellY = Math.min(Math.max((y + 0.5) / cell - 0.5, 0), rows - 1);
    const top = Math.floor(cellY);
    const bottom = Math.min(top + 1, rows - 1);
    const down = cellY - top;
    for (let x = 0; x < width; x += 1) {
      const cellX = Math.min(Math.max((x + 0.5) / cell - 0.5, 0), columns - 1);
      const left = Math.floor(cellX);
      const right = Math.min(left + 1, columns - 1);
      const across = cellX - left;
      const upper = paper[top * columns + left]! * (1 - across) + paper[top * columns + right]! * across;
      const lower = paper[bottom * columns + left]! * (1 - across) + paper[bottom * columns + right]! * across;
      const background = Math.max(1, upper * (1 - down) + lower * down);
      even[y * width + x] = Math.min(255, Math.round((255 * data[y * width + x]!) / background));
    }
  }
  return { width, height, data: even };
}

function smooth(values: Float32Array, columns: number, rows: number): Float32Array {
  const smoothed = new Float32Array(values.length);
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < columns; x += 1) {
      let sum = 0;
      let count = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const ny = y + dy;
          const nx = x + dx;
          if (ny < 0 || ny >= rows || nx < 0 || nx >= columns) continue;
          sum += values[ny * columns + nx]!;
          count += 1;
        }
      }
      smoothed[y * columns + x] = sum / count;
    }
  }
  return smoothed;
}
