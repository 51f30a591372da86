export interface BoundedQueueOptions {
  /** Jobs run at the same time. */
  concurrency: number;
  /** Jobs that may wait for a turn; one more is refused, so waiting work never grows without end. */
  maxWaiting: number;
  /** The error a refused job gets. */
  refused: () => Error;
}

export interface BoundedQueue {
  /** Runs the job when its turn comes, or throws `refused()` at once when the queue is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** True when a job given now would be refused: lets a caller refuse before reading an upload. */
  readonly full: boolean;
  /** Jobs running and waiting. */
  readonly size: { running: number; waiting: number };
}

/**
 * A first-come queue with a fixed number of turns and a fixed waiting line, for work whose
 * memory or CPU must stay bounded per instance (decoding photos). In-process on purpose: the
 * bound is on this process's memory, and each instance keeps its own.
 */
export function createBoundedQueue({ concurrency, maxWaiting, refused }: BoundedQueueOptions): BoundedQueue {
  if (concurrency < 1 || maxWaiting < 0) throw new Error('A queue needs at least one turn and no negative waiting line');
  let running = 0;
  const waiting: (() => void)[] = [];

  const next = () => {
    running -= 1;
    const start = waiting.shift();
    if (start) {
      running += 1;
      start();
    }
  };

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw refused();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await job();
      } finally {
        next();
      }
    },
    get full() {
      return running >= concurrency && waiting.length >= maxWaiting;
    },
    get size() {
      return { running, waiting: waiting.length };
    },
  };
}
