import { afterEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_ORIGIN, onInvalidation, receiveNotification } from './invalidation.js';

describe('receiveNotification', () => {
  const heard: Array<string | null> = [];
  const stop = onInvalidation((key) => heard.push(key));
  afterEach(() => {
    heard.length = 0;
  });

  it("dispatches another process's change, with or without an origin", () => {
    receiveNotification('0b7c1e0e-0000-4000-8000-000000000000 entities:t1');
    receiveNotification('entities:t2');
    expect(heard).toEqual(['entities:t1', 'entities:t2']);
  });

  it("ignores the echo of this process's own change (already dispatched at its COMMIT)", () => {
    receiveNotification(`${NOTIFICATION_ORIGIN} entities:t1`);
    expect(heard).toEqual([]);
    stop();
  });
});
