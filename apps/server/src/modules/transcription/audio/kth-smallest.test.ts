import { describe, expect, it } from 'vitest';
import { kthSmallest } from './kth-smallest';

describe('kthSmallest', () => {
  it('gives what a sort gives at every rank, with repeated values and zeros', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647) * 2 - 1;
    for (const length of [1, 2, 3, 10, 257, 1000]) {
      // Rounded, so many values repeat.
      const values = Float32Array.from({ length }, () => Math.abs(Math.round(random() * 20) / 20));
      const sorted = values.slice().sort();
      for (let k = 0; k < length; k += 1) expect(kthSmallest(values.slice(), k), `${k} of ${length}`).toBe(sorted[k]);
    }
  });
});
