import { apiSend } from '@kalike/shared/api/client';
import { idempotencyKeyHeader } from '@kalike/shared/domain/enquiry-lifecycle';
import type { CreateEnquiriesBody, CreateEnquiriesResponse } from '@kalike/shared/contracts/enquiries';

/** One enquiry per target; sending the same key again answers with the first result. */
export function createEnquiries(body: CreateEnquiriesBody, idempotencyKey: string): Promise<CreateEnquiriesResponse> {
  return apiSend<CreateEnquiriesResponse>('post', 'v1/marketplace/enquiries', body, {
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });
}
