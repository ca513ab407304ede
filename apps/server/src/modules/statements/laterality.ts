import { foldText, wordsOf } from './fold-text';

export type Side = 'direito' | 'esquerdo' | 'bilateral';

const SIDES: Record<string, Side> = {
  direito: 'direito',
  direita: 'direito',
  direitos: 'direito',
  direitas: 'direito',
  dir: 'direito',
  msd: 'direito',
  mid: 'direito',
  od: 'direito',
  esquerdo: 'esquerdo',
  esquerda: 'esquerdo',
  esquerdos: 'esquerdo',
  esquerdas: 'esquerdo',
  esq: 'esquerdo',
  mse: 'esquerdo',
  mie: 'esquerdo',
  oe: 'esquerdo',
  bilateral: 'bilateral',
  bilaterais: 'bilateral',
  ambos: 'bilateral',
  ambas: 'bilateral',
};

/**
 * The sides a text names: "direito", "esquerda", "MIE", "joelho D" (a capital D or E right after a lower-case
 * word), "bilateral", "ambos", "dos dois lados".
 */
export function sidesOf(text: string): Set<Side> {
  const folded = foldText(text);
  const sides = new Set<Side>();
  for (const { word } of wordsOf(folded)) {
    const side = Object.hasOwn(SIDES, word) ? SIDES[word] : undefined;
    if (side) sides.add(side);
  }
  if (/\b(?:dos|nos|os) dois lados\b/.test(folded)) sides.add('bilateral');
  for (const match of text.matchAll(/(?<=\p{Ll}\s)([DE])(?=[\s.,;:)]|$)/gu)) {
    sides.add(match[1] === 'D' ? 'direito' : 'esquerdo');
  }
  return sides;
}

/** A side the sources support: named there, or both named for "bilateral". */
export function isSideSupported(side: Side, sources: ReadonlySet<Side>): boolean {
  if (sources.has(side)) return true;
  return side === 'bilateral' && sources.has('direito') && sources.has('esquerdo');
}
