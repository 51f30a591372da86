import type { FastifyBaseLogger } from 'fastify';
import { startBackgroundWork } from './background-work';

describe('background work', () => {
  const errors: unknown[] = [];
  const log = { error: (details: unknown) => errors.push(details) } as unknown as FastifyBaseLogger;

  test('runs every task in order each pass; a failing task is logged and the next still runs', async () => {
    const ran: string[] = [];
    const work = startBackgroundWork(
      [
        { name: 'first', run: async () => ran.push('first') },
        { name: 'broken', run: async () => Promise.reject(new Error('down')) },
        { name: 'last', run: async () => ran.push('last') },
      ],
      60_000,
      log,
    );
    await work.tick();
    await work.tick();
    await work.stop();
    expect(ran).toEqual(['first', 'last', 'first', 'last']);
    expect(errors).toEqual([expect.objectContaining({ task: 'broken' }), expect.objectContaining({ task: 'broken' })]);
  });

  test('a pass never overlaps the one still running, and stop waits for it', async () => {
    let release: () => void = () => undefined;
    let runs = 0;
    const work = startBackgroundWork(
      [
        {
          name: 'slow',
          run: () =>
            new Promise<void>((resolve) => {
              runs++;
              release = resolve;
            }),
        },
      ],
      60_000,
      log,
    );
    const first = work.tick();
    const second = work.tick();
    expect(runs).toBe(1);
    const stopped = work.stop();
    release();
    await Promise.all([first, second, stopped]);
    expect(runs).toBe(1);
  });
});
