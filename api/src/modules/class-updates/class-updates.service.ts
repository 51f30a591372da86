import { isUuid } from '@kalike/shared/format/uuid';
import { classUpdatesLimit, type ClassUpdate, type ClassUpdatePage } from '@kalike/shared/contracts/class-updates';
import { DomainError } from '../../shared/domain-error';
import type { ClassUpdateRow, ClassUpdatesRepository, FeedPosition } from './class-updates.repository';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function encodeCursor(position: FeedPosition): string {
  return Buffer.from(JSON.stringify([position.publishedAt, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): FeedPosition {
  const invalid = () => new DomainError('INVALID_CURSOR', 'The cursor is not valid for this feed', 400);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [publishedAt, id] = parsed as unknown[];
  if (typeof publishedAt !== 'string' || !TIMESTAMP.test(publishedAt) || Number.isNaN(Date.parse(publishedAt))) {
    throw invalid();
  }
  if (!isUuid(id)) throw invalid();
  return { publishedAt, id };
}

function toClassUpdate(row: ClassUpdateRow): ClassUpdate {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    publishedAt: new Date(row.published_at).toISOString(),
    teacher: { name: row.teacher_name, slug: row.teacher_slug },
    locality: row.locality_slug && row.locality_name ? { slug: row.locality_slug, name: row.locality_name } : null,
    batchName: row.batch_name,
  };
}

export function createClassUpdatesService(repository: ClassUpdatesRepository) {
  return {
    async listFeed(query: { cursor?: string; limit?: number; locality?: string }): Promise<ClassUpdatePage> {
      const limit = query.limit ?? classUpdatesLimit.default;
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      // One extra row tells whether another page exists without a count query.
      const rows = await repository.findPage({ limit: limit + 1, after, localitySlug: query.locality });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const nextCursor = rows.length > limit && last ? encodeCursor({ publishedAt: last.published_at_key, id: last.id }) : null;
      return { updates: page.map(toClassUpdate), nextCursor };
    },
  };
}
