import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

import { enquiryLimits } from '@kalike/shared/domain/enquiry-lifecycle';
import { isUuid } from '@kalike/shared/domain/uuid';

/**
 * Spec §3's `learnerEnquiryDetails.selectedCards` and `showEnquirySuccessOverlay`: the
 * teachers a learner picked on the shortlist to enquire with at once, handed from the
 * discover remote to the enquiry remote. Kept in sessionStorage (the pick survives the
 * detour through sign-in and a reload) and read back as untrusted input.
 */
export interface SelectedCard {
  listingId: string;
  teacherName: string;
  title: string;
  categoryName: string;
  /** The teacher page's path, for a link back. */
  path: string;
}

interface LearnerEnquiryDetailsState {
  selectedCards: SelectedCard[];
  showEnquirySuccessOverlay: boolean;
}

const storageKey = 'kalike.learner-enquiry-details.v1';
const textOk = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

export const maxSelectedCards = enquiryLimits.maxTeachersPerRequest;

export function parseSelectedCards(raw: unknown): SelectedCard[] {
  if (!Array.isArray(raw)) return [];
  const cards: SelectedCard[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const { listingId, teacherName, title, categoryName, path } = item as Record<string, unknown>;
    if (typeof listingId !== 'string' || !isUuid(listingId)) continue;
    if (!textOk(teacherName, 120) || !textOk(title, 200) || !textOk(categoryName, 80)) continue;
    if (!textOk(path, 300) || !path.startsWith('/') || path.startsWith('//')) continue;
    if (cards.some((card) => card.listingId === listingId)) continue;
    cards.push({ listingId, teacherName, title, categoryName, path });
    if (cards.length === maxSelectedCards) break;
  }
  return cards;
}

function readStored(): LearnerEnquiryDetailsState {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as Record<string, unknown> | null;
    return {
      selectedCards: parseSelectedCards(stored?.selectedCards),
      showEnquirySuccessOverlay: stored?.showEnquirySuccessOverlay === true,
    };
  } catch {
    return { selectedCards: [], showEnquirySuccessOverlay: false };
  }
}

export const learnerEnquiryDetailsStore = createStore<LearnerEnquiryDetailsState>(() =>
  typeof sessionStorage === 'undefined' ? { selectedCards: [], showEnquirySuccessOverlay: false } : readStored(),
);

learnerEnquiryDetailsStore.subscribe((state) => {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(state));
  } catch {
    // Private mode or a full quota: the selection still works for this page.
  }
});

/** Adds or removes a card; adding past the limit is ignored (the UI disables it first). */
export function toggleSelectedCard(card: SelectedCard): void {
  const { selectedCards } = learnerEnquiryDetailsStore.getState();
  const without = selectedCards.filter((entry) => entry.listingId !== card.listingId);
  if (without.length !== selectedCards.length) learnerEnquiryDetailsStore.setState({ selectedCards: without });
  else if (selectedCards.length < maxSelectedCards) learnerEnquiryDetailsStore.setState({ selectedCards: [...selectedCards, card] });
}

export function setSelectedCards(cards: SelectedCard[]): void {
  learnerEnquiryDetailsStore.setState({ selectedCards: parseSelectedCards(cards) });
}

export function setShowEnquirySuccessOverlay(show: boolean): void {
  learnerEnquiryDetailsStore.setState({ showEnquirySuccessOverlay: show });
}

export function useLearnerEnquiryDetails<T>(select: (state: LearnerEnquiryDetailsState) => T): T {
  return useStore(learnerEnquiryDetailsStore, select);
}
