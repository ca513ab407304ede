// Counts as Portuguese writes them: the singular for one only ("1 crédito", "0 créditos", "2 créditos").

/** The noun that agrees with `count`, for a count shown apart (a bold figure beside its word). */
export function nounFor(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** The count with its noun: "1 arquivo", "3 arquivos". */
export function formatCount(count: number, one: string, many: string): string {
  return `${count} ${nounFor(count, one, many)}`;
}
