/** What other modules may rely on from apartments: reading apartments and their summary as the marketplace shows it. */
export { createApartmentsRepository, type ApartmentsRepository } from './apartments.repository';
export { toApartmentSummary } from './apartments.service';
