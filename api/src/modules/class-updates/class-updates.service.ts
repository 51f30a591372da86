import { isUuid } from '@kalike/shared/domain/uuid';
import { classUpdatesLimit, type ClassUpdate, type ClassUpdatePage, type PostClassUpdateBody } from '@kalike/shared/contracts/class-updates';
import { teachersOnly, type AuthUser } from '../../plugins/auth';
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

/** Only the batch's teacher posts to it. */
export const postingTeachers = teachersOnly('Only the teacher of the batch can post to it');

function tidy(text: string, field: string): string {
  // Paragraphs stay; runs of spaces and blank lines do not.
  const tidied = text
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!tidied) throw new DomainError('VALIDATION_ERROR', `${field} must not be blank`, 400);
  return tidied;
}

export function createClassUpdatesService(repository: ClassUpdatesRepository, now: () => Date = () => new Date()) {
  return {
    /**
     * A teacher's post to one of their batches: in the public feed and in each family's My
     * Updates, and each family of the batch is notified with it (the post's words stay in the
     * app: a notice names only the teacher and the batch).
     */
    async post(user: AuthUser, batchId: string, body: PostClassUpdateBody): Promise<ClassUpdate> {
      const teacherId = postingTeachers.idOf(user);
      const title = tidy(body.title, 'body.title').replace(/\n/g, ' ');
      const text = tidy(body.body, 'body.body');
      const batch = await repository.findOwnBatch(batchId, teacherId);
      if (!batch) throw new DomainError('BATCH_NOT_FOUND', 'No such batch among yours', 404);
      const at = now();
      return repository.transaction(async (tx) => {
        const row = await tx.insertPost({ batch, title, body: text, at });
        const params = { teacherName: batch.teacher_name, programName: batch.program_name, batchName: batch.batch_name };
        for (const userId of await tx.findFamilyUsers(batch.id)) {
          await tx.notify({ kind: 'batch.post', userId, params, eventKey: `batch.post:${row.id}:${userId}`, at });
        }
        return toClassUpdate(row);
      });
    },

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
