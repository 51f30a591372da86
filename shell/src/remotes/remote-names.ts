import { remotePages, type RemoteName } from '@kalike/shared/federation/remote-pages';

export type { RemoteName };

export const remoteNames = Object.keys(remotePages) as RemoteName[];

export const remoteLabels: Record<RemoteName, string> = {
  mfe_discover: 'Discover',
  mfe_enquiry: 'Enquiries',
  mfe_payments: 'Payments',
  mfe_sessions: 'Sessions and updates',
};
