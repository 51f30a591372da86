import { addDaysToDateKey, istDateKey, istDayStart } from '@kalike/shared/format/dates';
import type { DemoClassList, DemoClassesQuery } from '@kalike/shared/contracts/teacher-listings';
import { toGeoPoint, type LearnerPoint } from '../../shared/learner-point';
import type { DemoClassesRepository } from './demo-classes.repository';
import type { ListingPageService } from './listing-page.service';

/** Demo classes are for trying a teacher nearby, so they reach less far than listings. */
const DEMO_CLASS_RADIUS_M = 10_000;

export interface DemoClassesServiceOptions {
  repository: DemoClassesRepository;
  listings: Pick<ListingPageService, 'cardsInOrder'>;
  /** The clock that decides where the demo-class window starts and ends. */
  now: () => Date;
}

/** Demo classes in the coming days near the learner, soonest first, then nearest. */
export function createDemoClassesService({ repository, listings, now }: DemoClassesServiceOptions) {
  return {
    async demoClasses(query: DemoClassesQuery, origin: LearnerPoint): Promise<DemoClassList> {
      const current = now();
      const today = istDateKey(current);
      const sessions = await repository.findDemoSessions({
        origin,
        radiusM: DEMO_CLASS_RADIUS_M,
        from: current.toISOString(),
        // Whole IST days: "the next 7 days" ends at midnight in Bengaluru, not at this hour.
        until: istDayStart(addDaysToDateKey(today, query.days ?? 7)).toISOString(),
        categorySlug: query.category,
        limit: query.limit ?? 30,
      });
      const cards = await listings.cardsInOrder([...new Set(sessions.map((session) => session.listing_id))], origin);
      const cardById = new Map(cards.map((card) => [card.id, card]));
      return {
        origin: toGeoPoint(origin),
        demoClasses: sessions.flatMap((session) => {
          const listing = cardById.get(session.listing_id);
          if (!listing) return [];
          return [
            {
              sessionId: session.session_id,
              startsAt: new Date(session.starts_at).toISOString(),
              endsAt: new Date(session.ends_at).toISOString(),
              batch: { id: session.batch_id, name: session.batch_name, seatsLeft: session.seats_left },
              program: { id: session.program_id, name: session.program_name, level: session.level },
              listing,
            },
          ];
        }),
      };
    },
  };
}

export type DemoClassesService = ReturnType<typeof createDemoClassesService>;
