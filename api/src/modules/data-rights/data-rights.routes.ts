import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AccountErasureSchema, DeleteAccountBodySchema, DeletionOutlookSchema } from '@kalike/shared/contracts/data-rights';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { databaseOfHandle } from '../../shared/transactional-repository';
import { actionCodesOf } from '../auth/action-codes.port';
import type { MediaStorage } from '../media/media.port';
import { photoFilesCleanup } from '../teacher-profile/teacher-profile.port';
import type { ResponseCache } from '../../shared/response-cache';
import type { AuthUser } from '../../plugins/auth';
import { createAccountErasure } from './account-erasure.service';
import { createDataExport } from './data-export';
import { createDataExportRepository } from './data-export.repository';
import { createErasureRepository } from './erasure.repository';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 409: ErrorResponseSchema, 500: ErrorResponseSchema };
const security = [{ bearerAuth: [] }];

export interface DataRightsOptions {
  /** The enquiries' own moves: a family's open enquiries closed, and families' enquiries to a leaving teacher declined, each party told as for any such move. */
  enquiries: {
    close(learner: AuthUser, enquiryId: string, body: { reason?: string }): Promise<unknown>;
    decline(teacher: AuthUser, enquiryId: string, body: { reason: string }): Promise<unknown>;
  };
  /** The marketplace's cached answers, cleared when a teacher's page goes. */
  cache: Pick<ResponseCache, 'clear'>;
  /** Where a teacher's photo files are, removed with the teacher. */
  storage: MediaStorage;
}

/** A person's own data: download everything Kalike holds about them, and delete the account. */
export const dataRightsRoutes: FastifyPluginAsyncTypebox<DataRightsOptions> = async (app, { enquiries, cache, storage }) => {
  const download = createDataExport({ repository: createDataExportRepository(app.db), now: app.clock });
  const codes = actionCodesOf(app.db, app.auth);
  const removeUnusedPhotoFiles = photoFilesCleanup(app.db, storage, (message, error) => app.log.warn({ err: error }, message));
  const erasure = createAccountErasure({
    repository: createErasureRepository(app.db),
    accountClosing: app.payments.accountClosing,
    codes: { verify: (check) => codes.verify(check), spend: (handle, check) => codes.spend(databaseOfHandle(handle), check) },
    closeEnquiry: (learner, id) => enquiries.close(learner, id, {}),
    declineEnquiry: (teacher, id) => enquiries.decline(teacher, id, { reason: 'The teacher has left Kalike.' }),
    hashPhone: (phone) => app.auth.hmac('erased-phone', phone),
    onTeacherGone: async (photoKeys) => {
      cache.clear();
      await removeUnusedPhotoFiles(photoKeys);
    },
    now: app.clock,
    log: app.log,
  });

  // Personal data: never stored by browsers or shared caches.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const signedIn = signedInRoutes(app);

  signedIn.get(
    '/v1/user/data-export',
    {
      schema: {
        tags: ['user'],
        summary: 'Download everything Kalike holds about you',
        description:
          'One JSON file (a download): a readable top section, then the account, and for each role of the phone what its records hold about the person. Each section holds at most 2000 rows and says when it was cut short. Every download is recorded (who, when, how many rows).',
        security,
        response: { 200: Type.String({ description: 'The file, application/json' }), ...errors },
      },
    },
    async (request, reply) => {
      const file = await download.download(userOf(request));
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  signedIn.get(
    '/v1/user/account/deletion',
    {
      schema: {
        tags: ['user'],
        summary: 'What deleting your account does, for you, now',
        description:
          'The packs refunded (by the refund policy, to the payment method) or forfeited, what is cancelled and closed, and, for a teacher, what must happen first.',
        security,
        response: { 200: DeletionOutlookSchema, ...errors },
      },
    },
    async (request) => erasure.outlook(userOf(request)),
  );

  signedIn.post(
    '/v1/user/account/deletion',
    {
      schema: {
        tags: ['user'],
        summary: 'Delete your account, confirmed with the code texted for delete-account',
        description:
          'Refunds and cancellations as the outlook said (409 REFUND_AMOUNT_CHANGED with the new expectedRefundPaise when a class was used meanwhile), personal data erased or anonymised, every sign-in ended, and an append-only record kept with a keyed hash of the phone. 409 ACCOUNT_DELETION_BLOCKED for a teacher whose families still hold classes or whose payout is on its way. A repeated delete answers the same.',
        security,
        body: DeleteAccountBodySchema,
        response: { 200: AccountErasureSchema, ...errors },
      },
    },
    async (request) => erasure.erase(userOf(request), request.body),
  );
};
