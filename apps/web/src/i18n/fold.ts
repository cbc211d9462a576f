/** A text as searches compare it: lower case without accents, so "jose" finds "José". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
