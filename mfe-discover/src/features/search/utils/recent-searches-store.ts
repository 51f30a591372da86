import { createStore } from 'zustand/vanilla';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useStore } from 'zustand';

import { normaliseSearchText } from './search-text';

export const maxRecentSearches = 8;
export const recentSearchesStorageKey = 'kalike.recent-searches.v1';

/** Reads stored searches as untrusted: only non-empty, normalised, distinct texts, at most eight. */
export function parseRecentSearches(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const searches: string[] = [];
  for (const entry of value) {
    if (typeof entry !== 'string') continue;
    const text = normaliseSearchText(entry);
    const key = text.toLocaleLowerCase('en-IN');
    if (!text || seen.has(key)) continue;
    seen.add(key);
    searches.push(text);
    if (searches.length === maxRecentSearches) break;
  }
  return searches;
}

interface RecentSearchesState {
  searches: string[];
  /** Puts a search first; the same text in another case replaces the older one. */
  add: (text: string) => void;
  remove: (text: string) => void;
  clear: () => void;
}

/** The learner's last eight searches on this device (localStorage), newest first. */
export const recentSearchesStore = createStore<RecentSearchesState>()(
  persist(
    (set) => ({
      searches: [],
      add: (text) => set(({ searches }) => ({ searches: parseRecentSearches([text, ...searches]) })),
      remove: (text) => set(({ searches }) => ({ searches: searches.filter((entry) => entry !== text) })),
      clear: () => set({ searches: [] }),
    }),
    {
      name: recentSearchesStorageKey,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ searches: state.searches }),
      merge: (persisted, current) => ({ ...current, searches: parseRecentSearches((persisted as { searches?: unknown } | undefined)?.searches) }),
    },
  ),
);

export function useRecentSearches<T>(selector: (state: RecentSearchesState) => T): T {
  return useStore(recentSearchesStore, selector);
}
