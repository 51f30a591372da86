import type { Enquiry, EnquiryList, EnquiryListQuery } from '@kalike/shared/contracts/enquiries';
import type { AuthUser } from '../../plugins/auth';
import type { EnquiriesRepository } from './enquiries.repository';
import { enquiryNotFound } from './enquiry-errors';
import type { EnquiryMoves } from './enquiry-moves';
import { isParty, partyOf } from './enquiry-parties';
import type { EnquiryViews } from './enquiry-views';

interface EnquiryReadingDeps {
  repository: Pick<EnquiriesRepository, 'findViews' | 'listViews'>;
  now: () => Date;
  moves: Pick<EnquiryMoves, 'expireOverdue'>;
  views: Pick<EnquiryViews, 'toDtos'>;
}

/** Each party's list and one enquiry, after expiring what is overdue so nothing shows as waiting past its deadline. */
export function createEnquiryReading({ repository, now, moves: { expireOverdue }, views: { toDtos } }: EnquiryReadingDeps) {
  return {
    async list(user: AuthUser, query: EnquiryListQuery): Promise<EnquiryList> {
      const at = now();
      const party = partyOf(user);
      if (party === 'teacher') {
        if (!user.teacherId) return { enquiries: [] };
        await expireOverdue(at, { teacherId: user.teacherId });
        return { enquiries: await toDtos(await repository.listViews({ teacherId: user.teacherId }, query.status), party) };
      }
      if (!user.learnerAccountId) return { enquiries: [] };
      await expireOverdue(at, { learnerAccountId: user.learnerAccountId });
      return { enquiries: await toDtos(await repository.listViews({ learnerAccountId: user.learnerAccountId }, query.status), party) };
    },

    async get(user: AuthUser, id: string): Promise<Enquiry> {
      const party = partyOf(user);
      const scope = party === 'teacher' ? { teacherId: user.teacherId ?? undefined } : { learnerAccountId: user.learnerAccountId ?? undefined };
      if (scope.teacherId || scope.learnerAccountId) await expireOverdue(now(), scope);
      const [view] = await repository.findViews([id]);
      if (!view || !isParty(user, view)) throw enquiryNotFound();
      const [dto] = await toDtos([view], party);
      if (!dto) throw enquiryNotFound();
      return dto;
    },
  };
}
