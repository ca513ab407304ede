import { describe, expect, it } from 'vitest';
import { createOverlayRegistry } from './overlays';

describe('overlay registry', () => {
  it('throws for an unknown overlay', () => {
    expect(() => createOverlayRegistry().open('missing')).toThrow('Overlay not found');
  });

  it('opens a registered overlay and resolves with its result when closed', async () => {
    const registry = createOverlayRegistry();
    registry.register('confirm', () => null);
    const result = registry.open<boolean>('confirm', { title: 'Remover?' });
    expect(registry.getOpen()).toHaveLength(1);
    expect(registry.getOpen()[0]?.props).toEqual({ title: 'Remover?' });
    registry.getOpen()[0]?.close(true);
    await expect(result).resolves.toBe(true);
    expect(registry.getOpen()).toHaveLength(0);
  });
});
