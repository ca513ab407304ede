/** Who made a correction, as the record says it to the reader: "por você" or "por outra pessoa". */
export function correctedBy(authorId: string | null, currentUserId: string | undefined): string {
  return authorId === currentUserId ? 'por você' : 'por outra pessoa';
}
