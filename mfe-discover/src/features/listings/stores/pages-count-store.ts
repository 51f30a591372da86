import { createStore } from 'zustand/vanilla';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useStore } from 'zustand';

/** Lists worth remembering: the few most recently scrolled, not every filter ever tried. */
export const maxRememberedLists = 20;
/** Restoring more than this many pages on return would cost more than it helps. */
export const maxRestoredPages = 10;

interface PagesCountState {
  /** Spec §3 "pagesCount per list": how many pages a list had loaded, by its query-key hash. */
  counts: Record<string, number>;
  remember: (listKey: string, pages: number) => void;
}

const isValidEntry = ([key, value]: [string, unknown]) =>
  key.length <= 2_000 && typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= maxRestoredPages;

/** Reads what session storage held as untrusted: anything malformed counts as nothing remembered. */
export function parseCounts(value: unknown): Record<string, number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const entries = Object.entries(value as Record<string, unknown>).filter(isValidEntry) as Array<[string, number]>;
  return Object.fromEntries(entries.slice(-maxRememberedLists));
}

/**
 * Coming back to a list (Back from a teacher, a reload, a return after the query cache has
 * let go) loads as many pages as were there, so the browser can restore the scroll
 * position. Kept for the tab's session only.
 */
export const pagesCountStore = createStore<PagesCountState>()(
  persist(
    (set) => ({
      counts: {},
      remember: (listKey, pages) =>
        set(({ counts }) => {
          const capped = Math.min(Math.max(1, Math.floor(pages)), maxRestoredPages);
          if (counts[listKey] === capped) return {};
          // Re-inserting moves the list to the end, so the oldest lists are the ones dropped.
          const { [listKey]: _previous, ...others } = counts;
          const entries = Object.entries(others).slice(-(maxRememberedLists - 1));
          return { counts: { ...Object.fromEntries(entries), [listKey]: capped } };
        }),
    }),
    {
      name: 'kalike.list-pages.v1',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ counts: state.counts }),
      merge: (persisted, current) => ({ ...current, counts: parseCounts((persisted as { counts?: unknown } | undefined)?.counts) }),
    },
  ),
);

export function useRememberedPages(listKey: string): number {
  return useStore(pagesCountStore, (state) => state.counts[listKey] ?? 1);
}
