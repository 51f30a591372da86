import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { AccountErasure, DeleteAccountBody, DeletionOutlook } from '@kalike/shared/contracts/data-rights';
import { rootKeys } from '@kalike/shared/query/query-keys';

export const dataRightsKeys = {
  all: [...rootKeys.me, 'data-rights'] as const,
  deletionOutlook: () => [...dataRightsKeys.all, 'deletion-outlook'] as const,
};

export const deletionOutlookQueryOptions = () =>
  queryOptions({
    queryKey: dataRightsKeys.deletionOutlook(),
    queryFn: ({ signal }) => apiGet<DeletionOutlook>('v1/user/account/deletion', { signal }),
    // What comes back changes as classes are used: asked afresh each time the page opens.
    staleTime: 0,
  });

export function useDeletionOutlook() {
  return useQuery(deletionOutlookQueryOptions());
}

/** The file's name: the day it was made, so several downloads sort by date. */
export function dataFileName(downloadedAt: string): string {
  return `kalike-data-${downloadedAt.slice(0, 10)}.json`;
}

/** Reads the person's data through the one API client and hands it to the browser as a file. */
export async function downloadMyData(): Promise<void> {
  const file = await apiGet<{ about?: { downloaded_at?: string } }>('v1/user/data-export');
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = dataFileName(file.about?.downloaded_at ?? new Date().toISOString());
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useDownloadMyData() {
  return useMutation({ mutationKey: [...dataRightsKeys.all, 'download'], mutationFn: downloadMyData });
}

export function deleteAccount(body: DeleteAccountBody): Promise<AccountErasure> {
  return apiSend<AccountErasure>('post', 'v1/user/account/deletion', body);
}
