import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { dragAnnouncements } from './drag-announcements';

const titles = ['Queixa', 'Conduta', 'Alergias'];
const announce = dragAnnouncements(
  (id) => titles[Number(id)] ?? '',
  (id) => Number(id),
  () => titles.length,
);
const active = { id: 2 } as Active;
const over = (id: number) => ({ id }) as Over;

describe('dragAnnouncements', () => {
  it('names the field and its position out of the total, in Portuguese', () => {
    expect(announce.onDragStart({ active })).toBe('Campo “Alergias” pego, na posição 3 de 3.');
    expect(announce.onDragOver({ active, over: over(0) })).toBe('Campo “Alergias” movido para a posição 1 de 3.');
    expect(announce.onDragOver({ active, over: over(2) })).toBe('Campo “Alergias” na posição 3 de 3.');
    expect(announce.onDragEnd({ active, over: over(1) })).toBe('Campo “Alergias” solto na posição 2 de 3.');
    expect(announce.onDragCancel({ active, over: null })).toBe(
      'Movimento cancelado. O campo “Alergias” voltou à posição 3 de 3.',
    );
  });
});
