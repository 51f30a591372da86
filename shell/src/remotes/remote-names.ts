export const remoteNames = ['mfe_discover', 'mfe_enquiry', 'mfe_payments', 'mfe_sessions'] as const;
export type RemoteName = (typeof remoteNames)[number];

export const remoteLabels: Record<RemoteName, string> = {
  mfe_discover: 'Discover',
  mfe_enquiry: 'Enquiries',
  mfe_payments: 'Payments',
  mfe_sessions: 'Sessions and updates',
};
