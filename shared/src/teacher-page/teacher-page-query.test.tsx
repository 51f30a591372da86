import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { configureApiClient } from '@kalike/shared/api/client';
import { createQueryClient } from '@kalike/shared/query/query-client';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { useTeacherPage } from '@kalike/shared/teacher-page/teacher-page-query';

const pageOf = (name: string) => ({ teacher: { name } });
const here = { lat: 12.9716, long: 77.5946 };
const there = { lat: 12.93, long: 77.62 };

function renderTeacherPage(initial: { slug: string; point: typeof here }) {
  configureApiClient({ baseUrl: 'http://api.test' });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(({ slug, point }) => useTeacherPage(slug, point), { initialProps: initial, wrapper });
}

describe('useTeacherPage', () => {
  it("keeps the teacher's page on screen while a moved pin asks again", async () => {
    installFakeApi({
      'GET /v1/marketplace/teacherListings/slug/kiran-rao-1': (_request, url) =>
        url.searchParams.get('lat') === String(here.lat) ? json(pageOf('Kiran Rao')) : new Promise<Response>(() => undefined),
    });
    const { result, rerender } = renderTeacherPage({ slug: 'kiran-rao-1', point: here });
    await waitFor(() => expect(result.current.data?.teacher.name).toBe('Kiran Rao'));
    rerender({ slug: 'kiran-rao-1', point: there });
    expect(result.current.data?.teacher.name).toBe('Kiran Rao');
    expect(result.current.isPlaceholderData).toBe(true);
  });

  it("never shows another teacher's page while the next one loads", async () => {
    installFakeApi({
      'GET /v1/marketplace/teacherListings/slug/kiran-rao-1': () => json(pageOf('Kiran Rao')),
      'GET /v1/marketplace/teacherListings/slug/asha-n-2': () => new Promise<Response>(() => undefined),
    });
    const { result, rerender } = renderTeacherPage({ slug: 'kiran-rao-1', point: here });
    await waitFor(() => expect(result.current.data?.teacher.name).toBe('Kiran Rao'));
    rerender({ slug: 'asha-n-2', point: here });
    expect(result.current.data).toBeUndefined();
    expect(result.current.isPending).toBe(true);
  });
});
