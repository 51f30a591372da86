import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend, apiUpload } from '@kalike/shared/api/client';
import type { TeacherProfile, TeacherProfileBody } from '@kalike/shared/contracts/teacher-profile';
import { teacherPageKeys } from '@kalike/shared/teacher-page/teacher-page-query';
import { useUserStore } from '@kalike/shared/user/user-store';

import { listingKeys } from '../../../../api/listing-keys';

const profilePath = 'v1/teachers/me/profile';
const photoPath = 'v1/teachers/me/photo';
/** The form field the API reads the photo from. */
const photoField = 'photo';

export function getTeacherProfile(signal?: AbortSignal): Promise<TeacherProfile> {
  return apiGet<TeacherProfile>(profilePath, { signal });
}

export function saveTeacherProfile(body: TeacherProfileBody): Promise<TeacherProfile> {
  return apiSend<TeacherProfile>('put', profilePath, body);
}

export function uploadTeacherPhoto(file: File): Promise<TeacherProfile> {
  const form = new FormData();
  form.append(photoField, file, file.name);
  return apiUpload<TeacherProfile>('put', photoPath, form);
}

export function removeTeacherPhoto(): Promise<TeacherProfile> {
  return apiSend<TeacherProfile>('delete', photoPath);
}

export const teacherProfileQueryOptions = (teacherId: string) =>
  queryOptions({
    queryKey: listingKeys.teach.profile(teacherId),
    queryFn: ({ signal }) => getTeacherProfile(signal),
  });

const useTeacherId = () => useUserStore((state) => state.user?.teacher?.id ?? 'signed-out');

/** The signed-in teacher's profile; the route lets only teachers in. */
export function useTeacherProfile() {
  return useQuery(teacherProfileQueryOptions(useTeacherId()));
}

/**
 * A change to the profile: the saved profile replaces the cached one, and everything learners
 * see of teachers (cards, the teacher page) is fetched afresh, as the API has cleared its cache.
 */
function useProfileChange<T>(change: (input: T) => Promise<TeacherProfile>) {
  const queryClient = useQueryClient();
  const key = listingKeys.teach.profile(useTeacherId());
  return useMutation({
    mutationFn: change,
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: listingKeys.learner.lists() }),
        queryClient.invalidateQueries({ queryKey: teacherPageKeys.all }),
      ]);
    },
  });
}

export const useSaveTeacherProfile = () => useProfileChange(saveTeacherProfile);
export const useUploadTeacherPhoto = () => useProfileChange(uploadTeacherPhoto);
export const useRemoveTeacherPhoto = () => useProfileChange((_: void) => removeTeacherPhoto());
