import { sql, type Kysely } from 'kysely';
import type { ClassUpdateKindColumn, Database } from '../../db/schema';
import { selectBatchesWithTeacher } from '../../shared/batch-context';
import { transactionalRepository } from '../../shared/transactional-repository';
import { notificationsOf, type NotificationEvent, type NotificationKind } from '../notifications/notifications.port';

export interface ClassUpdateRow {
  id: string;
  kind: ClassUpdateKindColumn;
  title: string;
  body: string;
  published_at: Date;
  /** Microsecond-exact UTC text, so a cursor never loses precision in a JS Date. */
  published_at_key: string;
  teacher_name: string;
  teacher_slug: string;
  locality_slug: string | null;
  locality_name: string | null;
  batch_name: string | null;
}

export interface FeedPosition {
  publishedAt: string;
  id: string;
}

/** One of a teacher's batches, with the locality its posts are filed under. */
export interface OwnBatchRow {
  id: string;
  teacher_id: string;
  locality_id: string | null;
  teacher_name: string;
  program_name: string;
  batch_name: string;
}

function queries(db: Kysely<Database>) {
  const notifications = notificationsOf(db);
  const feedRows = () =>
    db
      .selectFrom('class_updates as u')
      .innerJoin('teachers as t', 't.id', 'u.teacher_id')
      .leftJoin('localities as loc', 'loc.id', 'u.locality_id')
      .leftJoin('batches as b', 'b.id', 'u.batch_id')
      .select([
        'u.id',
        'u.kind',
        'u.title',
        'u.body',
        'u.published_at',
        sql<string>`to_char(u.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('published_at_key'),
        't.name as teacher_name',
        't.slug as teacher_slug',
        'loc.slug as locality_slug',
        'loc.name as locality_name',
        'b.name as batch_name',
      ]);

  return {
    /** The batch if the teacher teaches it; an apartment batch is filed under the apartment's locality. */
    findOwnBatch(batchId: string, teacherId: string): Promise<OwnBatchRow | undefined> {
      return selectBatchesWithTeacher(db)
        .leftJoin('apartments as a', 'a.id', 'b.apartment_id')
        .select([
          'b.id',
          't.id as teacher_id',
          sql<string | null>`coalesce(b.locality_id, a.locality_id)`.as('locality_id'),
          't.name as teacher_name',
          'p.name as program_name',
          'b.name as batch_name',
        ])
        .where('b.id', '=', batchId)
        .where('t.id', '=', teacherId)
        .executeTakeFirst();
    },

    async insertPost(values: { batch: OwnBatchRow; title: string; body: string; at: Date }): Promise<ClassUpdateRow> {
      const row = await db
        .insertInto('class_updates')
        .values({
          teacher_id: values.batch.teacher_id,
          batch_id: values.batch.id,
          locality_id: values.batch.locality_id,
          kind: 'event',
          title: values.title,
          body: values.body,
          published_at: values.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return feedRows().where('u.id', '=', row.id).executeTakeFirstOrThrow();
    },

    /** The account holders of the families with a student in the batch now (enrolled or paying). */
    async findFamilyUsers(batchId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('batch_students as bs')
        .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
        .select('la.user_id')
        .distinct()
        .where('bs.batch_id', '=', batchId)
        .where('bs.status', 'in', ['enrolled', 'active'])
        .orderBy('la.user_id')
        .execute();
      return rows.map((row) => row.user_id);
    },

    notify<K extends NotificationKind>(event: NotificationEvent<K>): Promise<void> {
      return notifications.notify(event);
    },

    async findPage(options: { limit: number; after: FeedPosition | null; localitySlug: string | undefined }): Promise<ClassUpdateRow[]> {
      let query = feedRows();
      if (options.localitySlug) query = query.where('loc.slug', '=', options.localitySlug);
      if (options.after) {
        const { publishedAt, id } = options.after;
        // Row comparison matches the (published_at desc, id desc) index order exactly.
        query = query.where(sql<boolean>`(u.published_at, u.id) < (${publishedAt}::timestamptz, ${id}::uuid)`);
      }
      return query.orderBy('u.published_at', 'desc').orderBy('u.id', 'desc').limit(options.limit).execute();
    },
  };
}

export function createClassUpdatesRepository(db: Kysely<Database>) {
  return transactionalRepository(db, queries);
}

export type ClassUpdatesRepository = ReturnType<typeof createClassUpdatesRepository>;
