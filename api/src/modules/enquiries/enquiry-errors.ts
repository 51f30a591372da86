import type { EnquiryAction, EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import { DomainError } from '../../shared/domain-error';

export function validation(message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message, 400);
}

/** Also for an enquiry that is not the caller's: nobody else learns one exists. */
export const enquiryNotFound = () => new DomainError('ENQUIRY_NOT_FOUND', 'No such enquiry', 404);

export function invalidTransition(state: EnquiryState, action: EnquiryAction | 'enrich' | 'payments'): DomainError {
  return new DomainError('INVALID_TRANSITION', `The enquiry is ${state}; ${action} is not possible now`, 409);
}
