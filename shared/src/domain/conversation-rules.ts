/**
 * The rules of a conversation on an enquiry or an enrolment, shared by the API's checks and
 * the composer's: how long a message may be, how many a person may send, how long a report's
 * reason may be.
 */
export const conversationLimits = {
  messageMaxLength: 2000,
  /** Messages one person may send in an hour, across every thread. */
  messagesPerHour: 30,
  reportReasonMin: 5,
  reportReasonMax: 500,
  /** The newest messages a thread answers with. */
  threadMessages: 200,
  /** Threads with open reports the admins' list shows at once. */
  reportedThreads: 100,
} as const;

export const conversationSubjects = ['enquiry', 'enrolment'] as const;
export type ConversationSubject = (typeof conversationSubjects)[number];

export const conversationParties = ['learner', 'teacher'] as const;
export type ConversationParty = (typeof conversationParties)[number];

/** How a hidden phone number or email address reads in a message before enrolment. */
export const maskedContactText = '[contact hidden until enrolment]';
