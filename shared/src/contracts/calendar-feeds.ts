import { Type, type Static } from 'typebox';
import { calendarFeedAudiences } from '@kalike/shared/domain/calendar-feed-values';

export type { CalendarFeedAudience } from '@kalike/shared/domain/calendar-feed-values';

export const CalendarFeedQuerySchema = Type.Object({ audience: Type.Enum(calendarFeedAudiences) }, { additionalProperties: false });
export type CalendarFeedQuery = Static<typeof CalendarFeedQuerySchema>;

/** The person's live feed: `webcalUrl` subscribes in one tap, `httpsUrl` is the same feed to paste. */
export const CalendarFeedSchema = Type.Object(
  {
    audience: Type.Enum(calendarFeedAudiences),
    webcalUrl: Type.String(),
    httpsUrl: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type CalendarFeed = Static<typeof CalendarFeedSchema>;

/** `GET` answers `feed: null` while the person has none; `POST` creates one. */
export const CalendarFeedStateSchema = Type.Object({ feed: Type.Union([CalendarFeedSchema, Type.Null()]) }, { additionalProperties: false });
export type CalendarFeedState = Static<typeof CalendarFeedStateSchema>;

/** `/v1/calendar/{file}`: the token (43 base64url characters, 256 random bits) and `.ics`. */
export const CalendarFeedFileParamsSchema = Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{43}\\.ics$' }) }, { additionalProperties: false });
export type CalendarFeedFileParams = Static<typeof CalendarFeedFileParamsSchema>;
