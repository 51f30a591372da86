import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { ClassReport, NewClassReportBody, ReportableClass, ReportableClasses } from '@kalike/shared/contracts/class-not-held';

import { classKeys } from './class-keys';

export function getClassReports(signal?: AbortSignal): Promise<ReportableClasses> {
  return apiGet<ReportableClasses>('v1/class-reports', { signal });
}

export function reportClass(body: NewClassReportBody): Promise<ClassReport> {
  return apiSend<ClassReport>('post', 'v1/class-reports', body);
}

export const classReportsQueryOptions = () =>
  queryOptions({
    queryKey: classKeys.classReports(),
    queryFn: ({ signal }) => getClassReports(signal),
    select: (data) => data.classes,
  });

/** The family's recent past classes that can be reported as not held, and the classes they reported. */
export function useClassReports({ enabled }: { enabled: boolean }) {
  return useQuery({ ...classReportsQueryOptions(), enabled });
}

/** Reports a class as not held; the saved report takes its place on the class's line at once. */
export function useReportClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportClass,
    onSuccess: (report) => {
      queryClient.setQueryData<ReportableClasses>(classKeys.classReports(), (current) =>
        current
          ? {
              classes: current.classes.map((line): ReportableClass =>
                line.sessionId === report.sessionId && line.batchStudentId === report.batchStudentId ? { ...line, report } : line,
              ),
            }
          : current,
      );
    },
  });
}
