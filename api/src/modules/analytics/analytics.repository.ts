import type { AnalyticsEvent } from '@kalike/shared/contracts/analytics';
import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// analytics_events comes from migration 0005 and only this module touches it.
type AnalyticsTables = {
  analytics_events: {
    id: Generated<string>;
    received_at: ColumnType<Date, never, never>;
    stream: string;
    kind: string;
    name: string;
    lat_lng: string | null;
    address: string | null;
    pincode: string | null;
    event_type: string;
    user_type: string;
    is_logged_in: boolean;
    user_time: ColumnType<Date, string, never>;
    client: string;
    ref_page: string | null;
    ref_section: string | null;
    properties: ColumnType<Record<string, unknown>, string, never>;
  };
};

export function createAnalyticsRepository(database: Kysely<Database>) {
  const db = database.withTables<AnalyticsTables>();
  return {
    /** One multi-row statement: a batch is stored whole or not at all. */
    async insertBatch(events: AnalyticsEvent[]): Promise<number> {
      const result = await db
        .insertInto('analytics_events')
        .values(
          events.map((event) => ({
            stream: event.stream,
            kind: event.kind,
            name: event.name,
            lat_lng: event.lat_lng,
            address: event.address,
            pincode: event.pincode,
            event_type: event.event_type,
            user_type: event.user_type,
            is_logged_in: event.is_logged_in,
            user_time: event.user_time,
            client: event.client,
            ref_page: event.ref_page,
            ref_section: event.ref_section,
            properties: sql<string>`${JSON.stringify(event.properties ?? {})}::jsonb`,
          })),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? events.length);
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
