import type { Checkout } from '../checkout/checkout';
import type { PaymentsRepository } from '../payments.repository';
import { createFamilyRequests } from './family-requests';
import { createTeacherRequests } from './teacher-requests';

export interface RequestsServiceDeps {
  repository: PaymentsRepository;
  checkout: Checkout;
  now: () => Date;
}

/**
 * Teachers' payment requests, in one place: the teacher asks (priced by the API), withdraws
 * and lists (teacher-requests.ts); the family opens, pays through the checkout and lists
 * (family-requests.ts).
 */
export function createRequestsService(deps: RequestsServiceDeps) {
  return { ...createTeacherRequests(deps), ...createFamilyRequests(deps) };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
