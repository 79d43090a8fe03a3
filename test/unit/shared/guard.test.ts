import { readDelivery } from '../../../shared/src/events/parse';
import {
  ReplayMemory,
  hookGuardFits,
  keepHookGuard,
  newHookSecret,
  withHookSecret,
} from '../../../shared/src/triggers/guard';

const purchase = (id: number) => readDelivery({ trigger: 'purchased', id, customer_email: 'a@example.com' });

describe('hook guard', () => {
  it('adds the secret to a URL, keeping what the URL had', () => {
    expect(withHookSecret('https://n8n.example.com/webhook/x/webhook?a=1', 'abc')).toBe(
      'https://n8n.example.com/webhook/x/webhook?a=1&hook_secret=abc',
    );
  });

  it('fits only the key it was kept with, and only with a secret', () => {
    const state: Record<string, unknown> = {};
    expect(hookGuardFits(state, 'key-1')).toBe(false);
    keepHookGuard(state, newHookSecret(), 'key-1');
    expect(hookGuardFits(state, 'key-1')).toBe(true);
    expect(hookGuardFits(state, 'key-2')).toBe(false);
    expect(JSON.stringify(state)).not.toContain('key-1');
  });

  it('makes a new secret each time', () => {
    expect(newHookSecret()).not.toBe(newHookSecret());
  });
});

describe('ReplayMemory', () => {
  it('remembers per trigger, within the window, up to its capacity (oldest forgotten first)', () => {
    const memory = new ReplayMemory(1000, 2);
    const ids = (list: ReturnType<typeof purchase>) => list.map((d) => d.record.id);

    expect(ids(memory.firstSightings('t', purchase(1), 0))).toEqual([1]);
    expect(ids(memory.firstSightings('t', purchase(1), 999))).toEqual([]);
    expect(ids(memory.firstSightings('other', purchase(1), 999))).toEqual([1]);
    expect(ids(memory.firstSightings('t', purchase(1), 1000))).toEqual([1]);

    memory.firstSightings('t', purchase(2), 1001);
    memory.firstSightings('t', purchase(3), 1002);
    // Capacity 2: order 1 (seen at 1000) was forgotten for 3.
    expect(ids(memory.firstSightings('t', purchase(1), 1003))).toEqual([1]);
    expect(ids(memory.firstSightings('t', purchase(3), 1004))).toEqual([]);
  });
});
