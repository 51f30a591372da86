import type { ReportedThreads, ResolveThreadReports } from '@kalike/shared/contracts/conversations';
import { conversationLimits } from '@kalike/shared/domain/conversation-rules';
import { adminsOnly, type AuthUser } from '../../plugins/auth';
import { threadNotFound } from './conversation-subjects';
import type { ReportedThreadsRepository } from './reported-threads.repository';

/** Enough of a thread for an admin to judge a report. */
const MESSAGES_PER_THREAD = 50;

export const threadAdmins = adminsOnly('Only Kalike admins read reported conversations');

/** The admins' queue of reported threads and their decision that a thread's reports are handled. */
export function createReportedThreads({ repository, now }: { repository: ReportedThreadsRepository; now: () => Date }) {
  return {
    async list(user: AuthUser): Promise<ReportedThreads> {
      threadAdmins.idOf(user);
      const threads = await repository.findReportedThreads(conversationLimits.reportedThreads);
      const ids = threads.map((thread) => thread.id);
      const [reports, messages] = await Promise.all([repository.findOpenReports(ids), repository.findLatestMessages(ids, MESSAGES_PER_THREAD)]);
      return {
        threads: threads.map((thread) => ({
          id: thread.id,
          subject: thread.subject,
          subjectId: thread.subject_id,
          title: thread.title,
          learnerName: thread.learner_name,
          teacherName: thread.teacher_name,
          reports: reports
            .filter((report) => report.thread_id === thread.id)
            .map((report) => ({
              id: report.id,
              by: report.reporter_party,
              reporterName: report.reporter_name,
              reason: report.reason,
              at: report.created_at.toISOString(),
            })),
          messages: messages
            .filter((message) => message.thread_id === thread.id)
            .map((message) => ({ id: message.id, by: message.author_party, body: message.body, createdAt: message.created_at.toISOString() })),
        })),
      };
    },

    /** Every open report on the thread is marked handled by this admin; again, nothing more happens. */
    async resolve(user: AuthUser, threadId: string): Promise<ResolveThreadReports> {
      const adminUserId = threadAdmins.idOf(user);
      if (!(await repository.threadExists(threadId))) throw threadNotFound();
      return { id: threadId, resolved: await repository.resolve(threadId, adminUserId, now()) };
    },
  };
}

export type ReportedThreadsService = ReturnType<typeof createReportedThreads>;
