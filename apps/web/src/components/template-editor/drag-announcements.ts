import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

export const dragInstructions: ScreenReaderInstructions = {
  draggable:
    'Para mudar a ordem, pressione Espaço ou Enter para pegar o campo, use as setas para cima e para baixo para ' +
    'movê-lo e pressione Espaço ou Enter de novo para soltá-lo. Esc cancela.',
};

/** What a screen reader hears while a field is moved, in Portuguese, by title and position. */
export function dragAnnouncements(
  titleOf: (id: UniqueIdentifier) => string,
  positionOf: (id: UniqueIdentifier) => number,
  total: () => number,
): Announcements {
  const at = (id: UniqueIdentifier) => `posição ${positionOf(id) + 1} de ${total()}`;
  return {
    onDragStart: ({ active }) => `Campo “${titleOf(active.id)}” pego, na ${at(active.id)}.`,
    onDragOver: ({ active, over }) => {
      if (!over) return `Campo “${titleOf(active.id)}” fora da lista.`;
      // Over its own place: where the drag starts, or back where it was.
      if (over.id === active.id) return `Campo “${titleOf(active.id)}” na ${at(over.id)}.`;
      return `Campo “${titleOf(active.id)}” movido para a ${at(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `Campo “${titleOf(active.id)}” solto na ${at(over.id)}.` : `Campo “${titleOf(active.id)}” solto.`,
    onDragCancel: ({ active }) => `Movimento cancelado. O campo “${titleOf(active.id)}” voltou à ${at(active.id)}.`,
  };
}
