/**
 * The k-th smallest of the values (from 0), the one `values.sort()[k]` gives, in linear time instead of a
 * sort's (Hoare's selection, as Wirth writes it). Reorders the values.
 */
export function kthSmallest(values: Float32Array | number[], k: number): number {
  let left = 0;
  let right = values.length - 1;
  while (left < right) {
    const pivot = values[(left + right) >> 1]!;
    let low = left;
    let high = right;
    while (low <= high) {
      while (values[low]! < pivot) low += 1;
      while (values[high]! > pivot) high -= 1;
      if (low <= high) {
        const swapped = values[low]!;
        values[low] = values[high]!;
        values[high] = swapped;
        low += 1;
        high -= 1;
      }
    }
    // Now values[left..high] <= pivot <= values[low..right], and those between equal the pivot.
    if (k <= high) right = high;
    else if (k >= low) left = low;
    else break;
  }
  return values[k]!;
}
