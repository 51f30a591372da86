import { DomainError } from '../../shared/domain-error';

export const listingNotFound = () => new DomainError('LISTING_NOT_FOUND', 'This listing does not exist or is not yours', 404);
export const programNotFound = () => new DomainError('PROGRAM_NOT_FOUND', 'This program is not part of this listing', 404);
export const batchNotFound = () => new DomainError('BATCH_NOT_FOUND', 'This batch is not part of this listing', 404);
export const planNotFound = () => new DomainError('PLAN_NOT_FOUND', 'This class pack is not part of this listing', 404);
export const localityNotFound = () => new DomainError('LOCALITY_NOT_FOUND', 'Choose a locality from the list', 400);
export const categoryNotFound = () => new DomainError('CATEGORY_NOT_FOUND', 'Choose a subject from the list', 400);
export const invalid = (message: string) => new DomainError('VALIDATION_ERROR', message, 400);
