import type { TeacherProfile, TeacherProfileBody } from '@kalike/shared/contracts/teacher-profile';
import { teacherProfileLimits as limits, teachingLanguages } from '@kalike/shared/domain/teacher-profile-values';
import { teachersOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { teacherPath } from '../../shared/teacher-page';
import { teacherPhotoOf } from '../../shared/teacher-photo';
import type { MediaStorage } from '../media/media.port';
import type { BoundedQueue } from '../../shared/bounded-queue';
import { checkPhotoHeader, processProfilePhoto } from './profile-photo';
import type { ProfileChanges, TeacherProfileRepository, TeacherProfileRow } from './teacher-profile.repository';

export const profileTeachers = teachersOnly('Only teachers have a teaching profile');

export interface TeacherProfileServiceDeps {
  repository: TeacherProfileRepository;
  storage: MediaStorage;
  /** Where photos wait their turn to be decoded, so only a few are in memory at once per instance. */
  photoQueue: BoundedQueue;
  now: () => Date;
  /** Called after any change learners see (cards, the teacher page): cached answers must go. */
  onChanged: () => void;
  /** The files of a replaced photo that no teacher shows any more (`photoFilesCleanup`); never fails. */
  removeUnused: (keys: readonly string[]) => Promise<void>;
}

const invalid = (message: string) => new DomainError('VALIDATION_ERROR', message, 400);
const length = (text: string) => [...text].length;
// Control and format characters other than line breaks never belong in a profile (Unicode Cc, and separators that break lines).
const controlCharacters = /(?![\n])[\p{Cc}\u2028\u2029]/u;

/** One line of text: trimmed, runs of spaces kept to one. */
const oneLine = (raw: string) => raw.trim().replace(/\s+/gu, ' ');

/**
 * The profile as it will be saved and shown: names in any script, trimmed, lengths counted in
 * characters as people read them; languages from the fixed list, in its order; qualifications
 * one line each, empty ones dropped, repeats removed.
 */
export function profileChanges(body: TeacherProfileBody): ProfileChanges {
  const name = oneLine(body.name);
  if (length(name) < limits.nameMin) throw invalid(`Write your name: at least ${limits.nameMin} letters`);
  if (length(name) > limits.nameMax) throw invalid(`A name can be at most ${limits.nameMax} characters`);
  if (!/\p{L}/u.test(name) || controlCharacters.test(name)) throw invalid('Write your name in letters');

  const bio = body.bio
    .replace(/\r\n?/g, '\n')
    .trim()
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
  if (length(bio) > limits.bioMax) throw invalid(`The about-you text can be at most ${limits.bioMax} characters`);
  if (controlCharacters.test(bio.replace(/\n/g, ''))) throw invalid('The about-you text has characters that cannot be shown');

  const chosen = new Set<string>(body.languages);
  const languages = teachingLanguages.filter((language) => chosen.has(language));
  if (languages.length === 0) throw invalid('Choose at least one language you teach in');

  const qualifications = [...new Set(body.qualifications.map(oneLine).filter(Boolean))];
  for (const line of qualifications) {
    if (length(line) > limits.qualificationMax) throw invalid(`Each qualification can be at most ${limits.qualificationMax} characters`);
    if (controlCharacters.test(line)) throw invalid('A qualification has characters that cannot be shown');
  }
  if (qualifications.length > limits.qualificationsMax) throw invalid(`List at most ${limits.qualificationsMax} qualifications`);

  return { name, bio, experienceYears: body.experienceYears, languages, qualifications };
}

function toTeacherProfile(row: TeacherProfileRow): TeacherProfile {
  return {
    name: row.name,
    bio: row.bio,
    experienceYears: row.experience_years,
    languages: row.languages,
    qualifications: row.qualifications,
    photo: teacherPhotoOf(row.photo_files),
    pagePath: row.category_slug ? teacherPath(row.category_slug, row.slug) : null,
  };
}

const teacherGone = () => new DomainError('TEACHER_NOT_FOUND', 'Your teaching profile no longer exists', 404);

export function createTeacherProfileService({ repository, storage, photoQueue, now, onChanged, removeUnused }: TeacherProfileServiceDeps) {
  async function read(teacherId: string): Promise<TeacherProfile> {
    const row = await repository.find(teacherId);
    if (!row) throw teacherGone();
    return toTeacherProfile(row);
  }

  return {
    read: (user: AuthUser) => read(profileTeachers.idOf(user)),

    async update(user: AuthUser, body: TeacherProfileBody): Promise<TeacherProfile> {
      const teacherId = profileTeachers.idOf(user);
      if (!(await repository.update(teacherId, profileChanges(body), now()))) throw teacherGone();
      onChanged();
      return read(teacherId);
    },

    /**
     * Checks the upload's header, resizes it in its turn, stores its files, then points the
     * profile at them; the replaced photo's files are removed after, so a page never links to a
     * file that is gone. A photo refused by its header never waits for a turn.
     */
    async replacePhoto(user: AuthUser, upload: Buffer): Promise<TeacherProfile> {
      const teacherId = profileTeachers.idOf(user);
      const header = await checkPhotoHeader(upload);
      const photo = await photoQueue.run(() => processProfilePhoto(upload, header));
      await Promise.all(photo.files.map((file) => storage.put(file.key, file.body, file.contentType)));
      const files = photo.files.map((file) => ({ key: file.key, url: storage.urlOf(file.key), width: file.width, format: file.format }));
      const jpeg = files.find((file) => file.format === 'jpeg')!;
      const replaced = await repository.replacePhoto(teacherId, { hash: photo.hash, width: photo.width, height: photo.height, url: jpeg.url, files }, now());
      if (replaced === null) {
        await removeUnused(files.map((file) => file.key));
        throw teacherGone();
      }
      onChanged();
      await removeUnused(replaced.map((file) => file.key));
      return read(teacherId);
    },

    async removePhoto(user: AuthUser): Promise<TeacherProfile> {
      const teacherId = profileTeachers.idOf(user);
      const replaced = await repository.replacePhoto(teacherId, null, now());
      if (replaced === null) throw teacherGone();
      onChanged();
      await removeUnused(replaced.map((file) => file.key));
      return read(teacherId);
    },
  };
}
