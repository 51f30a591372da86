const names = new Intl.ListFormat('en-IN', { style: 'long', type: 'conjunction' });

/** "Aarav", "Aarav and Diya", "Aarav, Diya and Meera": names as a parent would say them. */
export function joinNames(list: readonly string[]): string {
  return names.format(list);
}
