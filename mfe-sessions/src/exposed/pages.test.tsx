import { screen } from '@testing-library/react';
import { installFakeApi } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { pages } from './pages';

describe('exposed pages', () => {
  it('exposes exactly the pages the shell routes to this remote (shell/src/app/route-table.ts)', () => {
    expect(Object.keys(pages).sort()).toEqual(['classes', 'learner-sessions', 'teach-home-today', 'teach-schedule', 'teach-session', 'updates']);
  });

  it.each([
    ['learner-sessions', '/learner/sessions', 'Sign in to see your sessions'],
    ['classes', '/classes', 'Sign in to see your classes'],
  ])('%s loads lazily inside the remote’s root', async (name, path, heading) => {
    installFakeApi({});
    const Page = pages[name]!;
    const { container } = renderWithApp(<Page />, { path });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(container.querySelector('[data-remote="mfe_sessions"]')).not.toBeNull();
  });
});
