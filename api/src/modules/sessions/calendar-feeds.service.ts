import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeed, CalendarFeedState } from '@kalike/shared/contracts/calendar-feeds';
import type { CalendarFeedAudience } from '@kalike/shared/domain/calendar-feed-values';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { ClassAccessOf } from '../payments/payments.port';
import { createFeedEvents } from './calendar-feed-events';
import { calendarFeedText } from './calendar-feed-ics';
import type { CalendarFeedRow } from './calendar-feeds.repository';
import type { SessionGeneration } from './session-generation';
import { sessionLearners, sessionTeachers } from './session-views';
import type { SessionsRepository } from './sessions.repository';

export interface CalendarFeedsDeps {
  repository: SessionsRepository;
  generation: Pick<SessionGeneration, 'generateBatches'>;
  classAccess: ClassAccessOf;
  /** The server's keyed hash: a feed's token is the hash of its nonce. */
  hmac: (purpose: string, value: string) => string;
  /** The web origin from configuration (never the request's Host), which serves `/v1` too. */
  publicSiteUrl: string;
  now: () => Date;
}

const feedNotFound = () =>
  new DomainError('CALENDAR_FEED_NOT_FOUND', 'No such calendar feed; it may have been stopped. Add the calendar again from Kalike.', 404);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The person's own id for the audience: learners have a family's feed, teachers their batches'. */
function ownerOf(user: AuthUser, audience: CalendarFeedAudience): string {
  if (audience === 'learner') sessionLearners.idOf(user);
  else sessionTeachers.idOf(user);
  return user.userId;
}

/** Private, revocable calendar feeds of a family's or a teacher's classes, and the feed itself by its token. */
export function createCalendarFeeds({ repository, generation, classAccess, hmac, publicSiteUrl, now }: CalendarFeedsDeps) {
  const origin = publicSiteUrl.replace(/\/$/, '');
  const tokenOf = (feed: CalendarFeedRow) => hmac('calendar-feed', feed.token_nonce);

  function toFeed(feed: CalendarFeedRow): CalendarFeed {
    const httpsUrl = `${origin}/v1/calendar/${tokenOf(feed)}.ics`;
    return {
      audience: feed.audience,
      // webcal:// is the same address that calendar apps subscribe to rather than import once.
      webcalUrl: httpsUrl.replace(/^https?:\/\//, 'webcal://'),
      httpsUrl,
      createdAt: new Date(feed.created_at).toISOString(),
    };
  }

  async function createFor(ownerUserId: string, audience: CalendarFeedAudience): Promise<CalendarFeed> {
    const tokenNonce = randomBytes(32).toString('base64url');
    await repository.insertFeed({ ownerUserId, audience, tokenNonce, tokenHash: sha256(hmac('calendar-feed', tokenNonce)), at: now() });
    const feed = await repository.findLiveFeed(ownerUserId, audience);
    if (!feed) throw new Error('The calendar feed just written could not be read back');
    return toFeed(feed);
  }

  const events = createFeedEvents({ repository, generation, classAccess, origin });

  return {
    async getFeed(user: AuthUser, audience: CalendarFeedAudience): Promise<CalendarFeedState> {
      const feed = await repository.findLiveFeed(ownerOf(user, audience), audience);
      return { feed: feed ? toFeed(feed) : null };
    },

    /** The person's live feed, made on first ask. */
    async createFeed(user: AuthUser, audience: CalendarFeedAudience): Promise<CalendarFeed> {
      const owner = ownerOf(user, audience);
      const feed = await repository.findLiveFeed(owner, audience);
      return feed ? toFeed(feed) : createFor(owner, audience);
    },

    /** Stops the old link at once and gives a new one. */
    async rotateFeed(user: AuthUser, audience: CalendarFeedAudience): Promise<CalendarFeed> {
      const owner = ownerOf(user, audience);
      await repository.revokeFeeds(owner, audience, now());
      return createFor(owner, audience);
    },

    async revokeFeed(user: AuthUser, audience: CalendarFeedAudience): Promise<void> {
      await repository.revokeFeeds(ownerOf(user, audience), audience, now());
    },

    /** The feed's text by its token; 404 for a token never given or stopped, or a person no longer learner or teacher. */
    async feedText(token: string): Promise<string> {
      const feed = await repository.findLiveFeedByTokenHash(sha256(token));
      if (!feed) throw feedNotFound();
      const at = now();
      if (feed.audience === 'learner') {
        const learnerAccountId = await repository.learnerAccountOfUser(feed.owner_user_id);
        if (!learnerAccountId) throw feedNotFound();
        return calendarFeedText('learner', await events.learnerEvents(learnerAccountId, at), at);
      }
      const teacherId = await repository.teacherOfUser(feed.owner_user_id);
      if (!teacherId) throw feedNotFound();
      return calendarFeedText('teacher', await events.teacherEvents(teacherId, at), at);
    },
  };
}

export type CalendarFeeds = ReturnType<typeof createCalendarFeeds>;
