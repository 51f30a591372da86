import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { refFromSearch, updateDraft } from '../utils/enquiry-draft';

/**
 * Spec §9: where the learner entered the enquiry (`?refPage&refSection`), carried in the
 * draft to the enquiry body and the analytics event. The URL's values win (sign-in comes
 * back to the same URL, query and all); without them, the entry page's own.
 */
export function useDraftRef(entry: { refPage: string; refSection: string }) {
  const [search] = useSearchParams();
  const fromUrl = refFromSearch(search);
  const hasRef = fromUrl.refPage !== '' || fromUrl.refSection !== '';
  const refPage = hasRef ? fromUrl.refPage : entry.refPage;
  const refSection = hasRef ? fromUrl.refSection : entry.refSection;
  useEffect(() => {
    updateDraft({ refPage, refSection });
  }, [refPage, refSection]);
}
