import { FaultSwitch } from './faults';
import type { SiteSituation } from './situations';
import { parseTimezone, type SiteTimezone } from './format/zone';
import { HookRegistry } from './hooks';
import { deviationsFor } from './profiles';
import { createRandom, type Random } from './store/prng';
import { seedStore } from './store/seed';
import type { Store } from './store/store';
import type { Deviations, SandboxArrival, SandboxDelivery, SandboxProfile } from './types';

export interface StateConfig {
  apiKey: string;
  size: number;
  seed: number;
  profile: SandboxProfile;
  deviations: Partial<Deviations>;
  deliveryTimeoutMs: number;
  /** The site's zone as set at start (`--timezone`); unset: the profile's own. */
  timezone?: string;
}

/** Each profile's site zone: `real` stores are mostly in zones with daylight saving; `spec` in UTC. */
const PROFILE_TIMEZONES: Readonly<Record<SandboxProfile, string>> = { spec: 'UTC', real: 'America/New_York' };

/** Cap on the delivery log so a long-running sandbox does not grow without end. */
const MAX_LOGGED_DELIVERIES = 10_000;

/** Everything the sandbox holds between requests; `reset()` puts it back as it started. */
export class SandboxState {
  profile!: SandboxProfile;
  deviations!: Deviations;
  store!: Store;
  hooks!: HookRegistry;
  /** Randomness for live events, seeded so a replayed test sees the same records. */
  random!: Random;
  readonly faults = new FaultSwitch();
  /** What stands in front of the store now (`situations.ts`); null: a healthy site. */
  situation: SiteSituation | null = null;
  private log: SandboxDelivery[] = [];
  private arrivalLog: SandboxArrival[] = [];
  /** A zone set by option or admin API; wins over the profile's. */
  private timezone: SiteTimezone | null = null;

  constructor(readonly config: StateConfig) {
    this.reset();
  }

  reset(): void {
    this.profile = this.config.profile;
    this.deviations = { ...deviationsFor(this.config.profile), ...this.config.deviations };
    this.store = seedStore({ size: this.config.size, seed: this.config.seed });
    this.timezone = this.config.timezone ? parseTimezone(this.config.timezone) : null;
    this.applyTimezone();
    this.hooks = new HookRegistry();
    this.random = createRandom(this.config.seed ^ 0x5eed5);
    this.faults.set(null);
    this.situation = null;
    this.log = [];
    this.arrivalLog = [];
  }

  setProfile(profile: SandboxProfile): void {
    this.profile = profile;
    this.deviations = deviationsFor(profile);
    this.applyTimezone();
  }

  /** The site's zone (`America/New_York`, `UTC+5:30`); null: back to the profile's. */
  setTimezone(timezone: string | null): void {
    this.timezone = timezone === null ? null : parseTimezone(timezone);
    this.applyTimezone();
  }

  /** Moves the store's clock (epoch seconds): the next live event happens one minute after it. */
  setClock(seconds: number): void {
    this.store.now = Math.floor(seconds);
  }

  private applyTimezone(): void {
    this.store.zone = this.timezone ?? parseTimezone(PROFILE_TIMEZONES[this.profile]);
  }

  setDeviations(deviations: Partial<Deviations>): void {
    this.deviations = { ...this.deviations, ...deviations };
  }

  recordArrival(arrival: SandboxArrival): void {
    this.arrivalLog.push(arrival);
    if (this.arrivalLog.length > MAX_LOGGED_DELIVERIES) this.arrivalLog.shift();
  }

  arrivals(): SandboxArrival[] {
    return [...this.arrivalLog];
  }

  recordDeliveries(deliveries: SandboxDelivery[]): void {
    this.log.push(...deliveries);
    if (this.log.length > MAX_LOGGED_DELIVERIES) this.log.splice(0, this.log.length - MAX_LOGGED_DELIVERIES);
  }

  deliveries(): SandboxDelivery[] {
    return [...this.log];
  }

  clearDeliveries(): void {
    this.log = [];
  }
}
