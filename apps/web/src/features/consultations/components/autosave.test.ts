import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosave, type SaveState } from './autosave';

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setUp(confirmed = '', latest = confirmed) {
    const sent: string[] = [];
    const bases: string[] = [];
    const states: SaveState[] = [];
    let finish: () => void = () => undefined;
    const autosave = createAutosave({
      confirmed,
      latest,
      delayMs: 800,
      save: (text, base) => {
        sent.push(text);
        bases.push(base);
        return new Promise<void>((resolve) => (finish = resolve));
      },
      onSaved: () => undefined,
      onState: (state) => states.push(state),
    });
    return { autosave, sent, bases, states, finish: () => finish() };
  }

  it('saves once the typing pauses', () => {
    const { autosave, sent } = setUp();
    autosave.change('Pac');
    autosave.change('Paciente');
    vi.advanceTimersByTime(799);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['Paciente']);
  });

  it('sends one request at a time, then the newest text, each over the text saved before it', async () => {
    const { autosave, sent, bases, states, finish } = setUp();
    autosave.change('a');
    vi.advanceTimersByTime(800);
    autosave.change('ab');
    vi.advanceTimersByTime(800);
    expect(sent).toEqual(['a']);
    finish();
    await vi.waitFor(() => expect(sent).toEqual(['a', 'ab']));
    finish();
    await vi.waitFor(() => expect(states.at(-1)).toBe('saved'));
    expect(bases).toEqual(['', 'a']);
  });

  it('after a rebase, sends the text over the server’s newer one', () => {
    const { autosave, sent, bases } = setUp('antigo', 'meu texto');
    autosave.rebase('da outra aba');
    autosave.flush();
    expect(sent).toEqual(['meu texto']);
    expect(bases).toEqual(['da outra aba']);
  });

  it('sends a draft left from an earlier visit when flushed', () => {
    const { autosave, sent } = setUp('no servidor', 'rascunho local');
    autosave.flush();
    expect(sent).toEqual(['rascunho local']);
  });
});
