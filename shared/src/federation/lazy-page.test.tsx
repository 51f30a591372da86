import { act, Suspense } from 'react';
import { render, screen } from '@testing-library/react';

import { definePages } from '@kalike/shared/federation/define-pages';
import { lazyPage } from '@kalike/shared/federation/lazy-page';
import { settledPromise } from '@kalike/shared/federation/settled-promise';

const Content = () => <p>Guitar teachers</p>;

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('lazyPage', () => {
  it('waits for its code on first render, like lazy', async () => {
    const code = deferred<{ default: typeof Content }>();
    const Page = lazyPage(() => code.promise);
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => code.resolve({ default: Content }));
    expect(screen.getByText('Guitar teachers')).toBeInTheDocument();
  });

  it('renders at once, never suspending, once its code was fetched ahead', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Content }));
    const Page = lazyPage(load);
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    // No act() and no waiting: the first render already has the page.
    expect(screen.getByText('Guitar teachers')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is preloaded through the pages module by name; a page of another kind has nothing to fetch', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Content }));
    const Plain = () => null;
    const module = definePages('mfe_sessions', {
      'learner-sessions': lazyPage(load),
      classes: Plain,
      updates: Plain,
      'teach-schedule': Plain,
      'teach-session': Plain,
      'teach-home-today': Plain,
    });
    await module.preload?.('learner-sessions');
    await module.preload?.('classes');
    await module.preload?.('no-such-page');
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('settledPromise', () => {
  it('marks a promise fulfilled with its value, or rejected with its reason, as React reads them', async () => {
    const fulfilled = settledPromise(Promise.resolve(7));
    expect(fulfilled).toMatchObject({ status: 'pending' });
    await fulfilled;
    expect(fulfilled).toMatchObject({ status: 'fulfilled', value: 7 });

    const failure = new Error('no network');
    const rejected = settledPromise(Promise.reject(failure));
    await rejected.catch(() => undefined);
    expect(rejected).toMatchObject({ status: 'rejected', reason: failure });
  });
});
