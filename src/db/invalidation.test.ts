import { describe, expect, it } from 'vitest';
import { InvalidationBus } from './invalidation.js';

describe('InvalidationBus.receive', () => {
  const listen = () => {
    const bus = new InvalidationBus();
    const heard: Array<string | null> = [];
    const stop = bus.subscribe((key) => heard.push(key));
    return { bus, heard, stop };
  };

  it("dispatches another process's change, with or without an origin", () => {
    const { bus, heard } = listen();
    bus.receive('0b7c1e0e-0000-4000-8000-000000000000 entities:t1');
    bus.receive('entities:t2');
    expect(heard).toEqual(['entities:t1', 'entities:t2']);
  });

  it('ignores the echo of its own change (already dispatched at its COMMIT)', () => {
    const { bus, heard } = listen();
    bus.receive(`${bus.origin} entities:t1`);
    expect(heard).toEqual([]);
  });

  it('stops dispatching to an unsubscribed listener; buses do not share listeners', () => {
    const one = listen();
    const two = listen();
    one.stop();
    one.bus.dispatch('x');
    two.bus.dispatch('y');
    expect(one.heard).toEqual([]);
    expect(two.heard).toEqual(['y']);
  });
});
