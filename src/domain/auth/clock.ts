/** Time as the domain sees it; tests inject a clock they can move (session expiry, rate limits). */
export interface Clock {
  now(): Date;
  /** Waits `ms` (a login's growing delay); a test clock records the wait instead of waiting. */
  sleep?(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A clock tests can set and advance; `sleeps` lists the waits asked of it (answered at once). */
export function manualClock(start = new Date('2026-01-01T00:00:00Z')): Clock & { advance(ms: number): void; sleeps: number[] } {
  let current = start.getTime();
  const sleeps: number[] = [];
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    sleeps,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  };
}
