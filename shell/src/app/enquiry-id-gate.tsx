import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';

import { NotFoundPage } from '../pages/not-found-page';

const enquiryIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * `/:enquiryId` would otherwise swallow every unknown single-segment path. Only
 * enquiry-id shaped segments reach the enquiry remote; the rest are a plain 404.
 */
export function EnquiryIdGate({ children }: { children: ReactNode }) {
  const { enquiryId = '' } = useParams();
  return enquiryIdPattern.test(enquiryId) ? children : <NotFoundPage />;
}
