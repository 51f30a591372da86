import { enquiryRefPattern } from '@kalike/shared/domain/enquiry-lifecycle';

const refPattern = new RegExp(enquiryRefPattern);

export interface RefParams {
  refPage: string | null;
  refSection: string | null;
}

/** refPage and refSection ride along the payment links for analytics (spec §9); anything odd is dropped. */
export function readRefParams(search: URLSearchParams): RefParams {
  const read = (name: string) => {
    const value = search.get(name);
    return value && refPattern.test(value) ? value : null;
  };
  return { refPage: read('refPage'), refSection: read('refSection') };
}

/** The same values as link parameters (left out when absent). */
export function refLinkParams(refs: RefParams): Record<string, string | undefined> {
  return { refPage: refs.refPage ?? undefined, refSection: refs.refSection ?? undefined };
}
