import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MediaStorage } from '../media/media.port';
import { createTeacherProfileRepository } from './teacher-profile.repository';

/**
 * Removing the stored files of photos no teacher shows any more (a replaced or removed photo, an
 * erased teacher). Files are named by content, so a file another teacher's photo also uses stays.
 * A failure leaves an orphan file, never a broken photo.
 */
export function photoFilesCleanup(db: Kysely<Database>, storage: MediaStorage, warn: (message: string, error: unknown) => void) {
  const repository = createTeacherProfileRepository(db);
  return async function removeUnusedPhotoFiles(keys: readonly string[]): Promise<void> {
    try {
      await storage.remove(await repository.unusedKeys(keys));
    } catch (error) {
      warn('Could not remove the files of a photo no page shows', error);
    }
  };
}
