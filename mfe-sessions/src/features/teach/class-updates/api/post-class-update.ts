import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@kalike/shared/api/client';
import type { ClassUpdate, PostClassUpdateBody } from '@kalike/shared/contracts/class-updates';
import { rootKeys } from '@kalike/shared/query/query-keys';

export function postClassUpdate(batchId: string, body: PostClassUpdateBody): Promise<ClassUpdate> {
  return apiSend<ClassUpdate>('post', `v1/class/batches/${encodeURIComponent(batchId)}/updates`, body);
}

/** A post to one of the teacher's batches; the public feed is stale once it is published. */
export function usePostClassUpdate(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...rootKeys.updates, 'post', batchId],
    mutationFn: (body: PostClassUpdateBody) => postClassUpdate(batchId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rootKeys.updates }),
  });
}
