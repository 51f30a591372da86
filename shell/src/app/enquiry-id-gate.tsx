import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';

import { NotFoundPage } from '../pages/not-found-page';
import { isUuid } from '@kalike/shared/domain/uuid';

/**
 * `/:enquiryId` would otherwise swallow every unknown single-segment path. Only
 * enquiry-id shaped segments reach the enquiry remote; the rest are a plain 404.
 */
export function EnquiryIdGate({ children }: { children: ReactNode }) {
  const { enquiryId = '' } = useParams();
  return isUuid(enquiryId) ? children : <NotFoundPage />;
}
