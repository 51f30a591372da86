import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { TeacherProfileBodySchema, TeacherProfileSchema } from '@kalike/shared/contracts/teacher-profile';
import { profilePhotoRules } from '@kalike/shared/domain/teacher-profile-values';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { ResponseCache } from '../../shared/response-cache';
import type { MediaStorage } from '../media/media.port';
import { createBoundedQueue } from '../../shared/bounded-queue';
import { photosBusy, photoTooLarge } from './profile-photo';
import { createTeacherProfileRepository } from './teacher-profile.repository';
import { photoFilesCleanup } from './teacher-profile.port';
import { createTeacherProfileService, profileTeachers } from './teacher-profile.service';

export interface TeacherProfileRoutesOptions {
  /** The marketplace's cached answers: cards and teacher pages show the profile, so a change clears them. */
  cache: Pick<ResponseCache, 'clear'>;
  storage: MediaStorage;
  /** Photos decoded at once by this instance, and how many more may wait (`MediaConfig.photoQueue`). */
  photoQueue: { concurrency: number; maxWaiting: number };
}

const tags = ['user'];
const security = [{ bearerAuth: [] }];
const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 500: ErrorResponseSchema };
const url = '/v1/teachers/me/profile';
const photoUrl = '/v1/teachers/me/photo';
/** The form field the photo comes in. */
export const photoField = 'photo';

const photoMissing = () => new DomainError('PHOTO_MISSING', `Send the photo as a multipart form upload, in the field "${photoField}"`, 400);

export const teacherProfileRoutes: FastifyPluginAsyncTypebox<TeacherProfileRoutesOptions> = async (app, { cache, storage, photoQueue }) => {
  const queue = createBoundedQueue({ ...photoQueue, refused: photosBusy });
  const service = createTeacherProfileService({
    repository: createTeacherProfileRepository(app.db),
    storage,
    photoQueue: queue,
    now: app.clock,
    onChanged: () => cache.clear(),
    removeUnused: photoFilesCleanup(app.db, storage, (message, error) => app.log.warn({ err: error }, message)),
  });

  await app.register(async (scope) => {
    const teacherRoutes = signedInRoutes(scope, profileTeachers);
    // Parsed only where it is used; the byte limit stops reading past it.
    await scope.register(multipart, { limits: { fileSize: profilePhotoRules.maxBytes, files: 1, fields: 0, parts: 1 } });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    teacherRoutes.get(
      url,
      {
        schema: {
          tags,
          summary: "The signed-in teacher's profile",
          description: 'Teacher only (403 FORBIDDEN). What learners read of the teacher on cards and the teacher page.',
          security,
          response: { 200: TeacherProfileSchema, ...errors },
        },
      },
      async (request) => service.read(userOf(request)),
    );

    teacherRoutes.put(
      url,
      {
        schema: {
          tags,
          summary: 'Change your name, about-you text, experience, languages and qualifications',
          description:
            'Teacher only (403 FORBIDDEN); a teacher changes only their own profile. Text is trimmed and counted in characters; ' +
            'names may be in any script. Bad input is 400 VALIDATION_ERROR with a sentence. Learners see the change at once.',
          security,
          body: TeacherProfileBodySchema,
          response: { 200: TeacherProfileSchema, 400: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => service.update(userOf(request), request.body),
    );

    teacherRoutes.put(
      photoUrl,
      {
        schema: {
          tags,
          summary: 'Upload your photo (multipart, field "photo")',
          description:
            `Teacher only (403 FORBIDDEN). JPEG, PNG or WebP, judged by its bytes, not its name (else 415 PHOTO_NOT_AN_IMAGE); ` +
            `at most ${profilePhotoRules.maxBytes} bytes (else 413 PHOTO_TOO_LARGE); from ${profilePhotoRules.minSide}×${profilePhotoRules.minSide} ` +
            `to ${profilePhotoRules.maxSide}×${profilePhotoRules.maxSide} pixels and at most ${profilePhotoRules.maxPixels} pixels in all (else 400 PHOTO_WRONG_SIZE); ` +
            `at most ${profilePhotoRules.maxBitsPerChannel} bits per channel (else 400 PHOTO_TOO_DEEP); an interlaced PNG at most ` +
            `${profilePhotoRules.maxInterlacedPixels} pixels (else 400 PHOTO_INTERLACED), all judged from the header before decoding. ` +
            `Photos are decoded a few at a time per instance; when too many wait, 503 PHOTOS_BUSY with Retry-After. It is turned upright, cut square at ` +
            `${profilePhotoRules.sizes.join(', ')} px, stripped of all metadata and replaces the previous photo, whose files are removed.`,
          security,
          response: {
            200: TeacherProfileSchema,
            400: ErrorResponseSchema,
            413: ErrorResponseSchema,
            415: ErrorResponseSchema,
            503: Type.Object({ ...ErrorResponseSchema.properties, retryAfterSeconds: Type.Integer({ minimum: 1 }) }),
            ...errors,
          },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw photoMissing();
        const file = await request.file();
        if (!file || file.fieldname !== photoField) throw photoMissing();
        // Refused before the upload is read into memory when the waiting line is already full.
        if (queue.full) throw photosBusy();
        let upload: Buffer;
        try {
          upload = await file.toBuffer();
        } catch (error) {
          if (error instanceof scope.multipartErrors.RequestFileTooLargeError) throw photoTooLarge();
          throw error;
        }
        return service.replacePhoto(userOf(request), upload);
      },
    );

    teacherRoutes.delete(
      photoUrl,
      {
        schema: {
          tags,
          summary: 'Remove your photo',
          description: 'Teacher only (403 FORBIDDEN). Learners see your initials again; the files are removed.',
          security,
          response: { 200: TeacherProfileSchema, ...errors },
        },
      },
      async (request) => service.removePhoto(userOf(request)),
    );
  });
};
