interface SettleState<T> {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
}

/**
 * Marks `promise` with its state as it settles (`status`, then `value` or `reason`), and
 * returns it. React's `use` reads a promise marked fulfilled at once instead of suspending for
 * a tick, which matters while a server-rendered page is taken over: a part that suspends then
 * is left as the server drew it, and an update reaching it before it is taken over makes React
 * draw it again from scratch, dropping whatever the person had typed into it.
 */
export function settledPromise<T>(promise: Promise<T>): Promise<T> {
  const state = promise as Promise<T> & SettleState<T>;
  if (state.status) return promise;
  state.status = 'pending';
  // Nothing is returned from these: returning the promise itself would chain onto its failure.
  promise.then(
    (value) => {
      Object.assign(state, { status: 'fulfilled', value });
    },
    (reason: unknown) => {
      Object.assign(state, { status: 'rejected', reason });
    },
  );
  return promise;
}
