import { formatTimestamp } from './format/time';
import type { SandboxHook } from './types';

/**
 * Hooks registered through webhook/subscribe. Ids count up from the value a real store showed
 * (Studiocart hands out time-like numbers), so they are digits and predictable.
 */
const FIRST_HOOK_ID = 1732190400;

/** What webhook/subscribe registers: the hook less what the registry adds (its id and creation time). */
export type HookInput = Omit<SandboxHook, 'id' | 'createdAt'> & { at: number };

export class HookRegistry {
  private hooks: SandboxHook[] = [];
  private nextId = FIRST_HOOK_ID;

  subscribe(input: HookInput): SandboxHook {
    const { at, ...fields } = input;
    const hook: SandboxHook = { id: String(this.nextId), ...fields, createdAt: formatTimestamp(at) };
    this.nextId += 1;
    this.hooks.push(hook);
    return hook;
  }

  /** Removes a hook by id (as sent: number or digits); the removed hook, or null when there was none. */
  remove(id: string): SandboxHook | null {
    const hook = this.hooks.find((candidate) => candidate.id === id);
    if (!hook) return null;
    this.hooks = this.hooks.filter((candidate) => candidate !== hook);
    return hook;
  }

  list(): SandboxHook[] {
    return this.hooks.map((hook) => ({ ...hook, planIds: [...hook.planIds], statuses: [...hook.statuses] }));
  }
}
