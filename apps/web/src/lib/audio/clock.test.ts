import { describe, expect, it } from 'vitest';
import { formatClock } from './clock';

describe('formatClock', () => {
  it('reads seconds as mm:ss, and h:mm:ss past an hour', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(7.9)).toBe('00:07');
    expect(formatClock(83)).toBe('01:23');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(-3)).toBe('00:00');
  });
});
