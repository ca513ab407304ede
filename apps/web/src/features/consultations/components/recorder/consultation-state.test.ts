import { describe, expect, it } from 'vitest';
import { shownStatus } from './consultation-state';

describe('shownStatus', () => {
  it('is the stored status, as every list shows it', () => {
    expect(shownStatus('draft', 'idle')).toBe('draft');
    expect(shownStatus('processing', 'idle')).toBe('processing');
    expect(shownStatus('done', 'idle')).toBe('done');
  });

  it('is recording from the moment the microphone opens, before the server has any chunk, and while paused', () => {
    expect(shownStatus('draft', 'recording')).toBe('recording');
    expect(shownStatus('recording', 'paused')).toBe('recording');
    expect(shownStatus('draft', 'starting')).toBe('draft');
  });
});
