import type { AuthoringResult, ProgramBody } from '@kalike/shared/contracts/listing-authoring';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { invalid, programNotFound } from './listing-authoring-errors';
import type { ListingPartDeps } from './listing-edits';

function checkAges(body: ProgramBody) {
  if (body.ageMax < body.ageMin) throw invalid(`The oldest age (${body.ageMax}) cannot be below the youngest (${body.ageMin}).`);
}

const programValues = (body: ProgramBody) => ({
  name: body.name.trim(),
  level: body.level,
  description: (body.description ?? '').trim(),
  age_min: body.ageMin,
  age_max: body.ageMax,
  mode: body.mode,
});

/** A listing's programs: what is taught, at which level, to which ages. */
export function createListingPrograms({ edits }: Pick<ListingPartDeps, 'edits'>) {
  return {
    addProgram(user: AuthUser, listingId: string, body: ProgramBody): Promise<AuthoringResult> {
      return edits.change(user, listingId, async (tx) => {
        checkAges(body);
        await tx.insertProgram({ listing_id: listingId, ...programValues(body) });
      });
    },

    updateProgram(user: AuthUser, listingId: string, programId: string, body: ProgramBody): Promise<AuthoringResult> {
      return edits.change(user, listingId, async (tx) => {
        const programs = await tx.findPrograms(listingId);
        if (!programs.some((program) => program.id === programId)) throw programNotFound();
        checkAges(body);
        await tx.updateProgram(programId, programValues(body));
      });
    },

    removeProgram(user: AuthUser, listingId: string, programId: string): Promise<AuthoringResult> {
      return edits.change(user, listingId, async (tx) => {
        const programs = await tx.findPrograms(listingId);
        if (!programs.some((program) => program.id === programId)) throw programNotFound();
        const batches = await tx.findBatches(listingId);
        if (batches.some((batch) => batch.program_id === programId)) {
          throw new DomainError('PROGRAM_HAS_BATCHES', 'This program has batches. Remove its batches first.', 409);
        }
        await tx.deleteProgram(programId);
      });
    },
  };
}
