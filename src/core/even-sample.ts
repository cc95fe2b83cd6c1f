/** At most `max` of `items`, spread evenly over all of them (a new array: the caller may reorder it). */
export function evenSample<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  return Array.from({ length: max }, (_, i) => items[Math.floor((i * items.length) / max)] as T);
}
