/** Spec §5: progress percentages are clamped between 0 and 100 (anything not a number counts as 0). */
export function clampProgress(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, value));
}
