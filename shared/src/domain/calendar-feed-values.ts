/**
 * A private calendar feed: the classes of a family (`learner`) or of a teacher's batches
 * (`teacher`), read by calendar apps by its secret link. The API builds it; the Sessions and
 * Schedule pages offer it.
 */
export const calendarFeedAudiences = ['learner', 'teacher'] as const;
export type CalendarFeedAudience = (typeof calendarFeedAudiences)[number];

/** The days a feed covers around today (IST), and at most how many classes it lists. */
export const calendarFeedWindow = { daysBack: 30, daysAhead: 120, maxEvents: 500 } as const;

/** Calendar apps poll; a feed read more often than this per link is refused for a while. */
export const calendarFeedRateLimit = { max: 60, timeWindow: '1 hour' } as const;
