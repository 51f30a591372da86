/** The app's clock as end-to-end tests move it: the real (or given) time plus an offset. */
export interface TestingClock {
  now(): Date;
  /** Moves the clock to `at` (later or earlier). */
  set(at: Date): void;
  advance(ms: number): void;
}

export function createTestingClock(base: () => Date): TestingClock {
  let offsetMs = 0;
  return {
    now: () => new Date(base().getTime() + offsetMs),
    set(at) {
      offsetMs = at.getTime() - base().getTime();
    },
    advance(ms) {
      offsetMs += ms;
    },
  };
}
