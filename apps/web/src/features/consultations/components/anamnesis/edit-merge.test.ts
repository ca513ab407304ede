import { describe, expect, it } from 'vitest';
import { changedDrafts, rebaseEdits } from './edit-merge';

const BASE = [
  { field_id: 'qp', text: 'Cefaleia.' },
  { field_id: 'hda', text: 'Dor em aperto há três semanas.' },
  { field_id: 'conduta', text: 'Orientações.' },
];

describe('rebaseEdits', () => {
  it('carries an edit over where the other tab left the field alone, and keeps a copy where it changed it', () => {
    const newer = [
      { field_id: 'qp', text: 'Cefaleia.' },
      { field_id: 'hda', text: 'Dor em aperto há três semanas, pior à tarde.' },
      { field_id: 'conduta', text: 'Orientações.' },
    ];
    const rebased = rebaseEdits(BASE, newer, {
      qp: 'Cefaleia tensional.',
      hda: 'Dor em aperto, bilateral.',
    });
    expect(rebased).toEqual({ drafts: { qp: 'Cefaleia tensional.' }, copies: { hda: 'Dor em aperto, bilateral.' } });
  });

  it('drops an edit the other tab already saved word for word', () => {
    const newer = [{ ...BASE[0]!, text: 'Cefaleia tensional.' }, BASE[1]!, BASE[2]!];
    expect(rebaseEdits(BASE, newer, { qp: 'Cefaleia tensional.' })).toEqual({ drafts: {}, copies: {} });
  });

  it('keeps as a copy an edit of a field the newer note no longer has', () => {
    expect(rebaseEdits(BASE, BASE.slice(0, 2), { conduta: 'Retorno em 30 dias.' })).toEqual({
      drafts: {},
      copies: { conduta: 'Retorno em 30 dias.' },
    });
  });
});

describe('changedDrafts', () => {
  it('sends only the fields whose text differs from the note', () => {
    expect(changedDrafts(BASE, { qp: 'Cefaleia.', conduta: 'Retorno em 30 dias.' })).toEqual([
      { field_id: 'conduta', text: 'Retorno em 30 dias.' },
    ]);
  });
});
