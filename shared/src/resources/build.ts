/**
 * The steps that hand a store record on field by field (its instants, its amounts) build it together:
 * one compact record per record (`compact.ts`), however many steps. Each step built its own before, and
 * the copies in between were most of Return All's peak memory (`npm run bench`), so what a build needs
 * on the way (its keys, its values, the links between steps) is kept and reused, one level per depth.
 */
import { isRecord } from './coerce';
import { type FieldSpec, type FieldTable, entriesOf } from './table';
import { compactRecord } from './compact';

/** Where a step puts a field it hands on: the next step, or the record being built. */
type Put = (key: string, value: unknown) => void;

/** A step for one top-level record and its nested entries (items, invoices, plans). */
export interface OpenStep {
  /** Puts `key` (of `owner`, the record or nested entry being built) as handed on, then any field it adds after it. */
  field(
    key: string,
    value: unknown,
    owner: Readonly<Record<string, unknown>>,
    spec: FieldSpec | undefined,
    put: Put,
  ): void;
  /** Puts the fields that end a top-level record. */
  end?(put: Put): void;
}

export interface RecordStep {
  /** Whether `key` is a field this step adds: one from an earlier pass is left out, then made afresh. */
  adds(key: string, table: FieldTable): boolean;
  /** The step for one top-level record (what it reads of the record as a whole, its currency say). */
  open(record: Readonly<Record<string, unknown>>): OpenStep;
}

/** One record being built; a nested entry is built on the next level while its owner waits. */
class Level {
  readonly keys: string[] = [];
  readonly values: unknown[] = [];
  count = 0;
  owner: Readonly<Record<string, unknown>> = {};
  table: FieldTable = {};
  open: readonly OpenStep[] = [];
  /** links[i] hands a field to open step i; the last one puts it in the record. */
  private readonly links: Put[] = [];

  linkTo(step: number): Put {
    for (let i = this.links.length; i <= step; i += 1) {
      this.links.push((key, value) => {
        const next = this.open[i];
        if (!next) {
          this.keys[this.count] = key;
          this.values[this.count] = value;
          this.count += 1;
        } else next.field(key, value, this.owner, this.table[key], this.linkTo(i + 1));
      });
    }
    return this.links[step] as Put;
  }
}

const LEVELS: Level[] = [];
let depth = 0;

/**
 * `record` handed on by `steps`, in order: each field goes through every step, the first step's
 * output into the second, and so on; nested lists of `table` are built the same way, entry by entry.
 */
export function rebuilt(record: object, table: FieldTable, steps: readonly RecordStep[]): Record<string, unknown> {
  const owner = record as Readonly<Record<string, unknown>>;
  return build(
    owner,
    table,
    steps,
    steps.map((step) => step.open(owner)),
    true,
  );
}

function build(
  owner: Readonly<Record<string, unknown>>,
  table: FieldTable,
  steps: readonly RecordStep[],
  open: readonly OpenStep[],
  top: boolean,
): Record<string, unknown> {
  const level = (LEVELS[depth] ??= new Level());
  depth += 1;
  try {
    level.owner = owner;
    level.table = table;
    level.open = open;
    level.count = 0;
    const first = level.linkTo(0);
    for (const key in owner) {
      if (!Object.hasOwn(owner, key) || addedByAny(steps, key, table)) continue;
      const value = owner[key];
      const entries = entriesOf(table[key]);
      first(key, entries && Array.isArray(value) ? builtEntries(value, entries, steps, open) : value);
    }
    if (top) open.forEach((step, i) => step.end?.(level.linkTo(i + 1)));
    return compactRecord(level.keys, level.values, level.count);
  } finally {
    // The level keeps no record alive once built.
    level.values.fill(undefined, 0, level.count);
    level.owner = {};
    depth -= 1;
  }
}

function builtEntries(
  list: readonly unknown[],
  table: FieldTable,
  steps: readonly RecordStep[],
  open: readonly OpenStep[],
): unknown[] {
  return list.map((entry) => (isRecord(entry) ? build(entry, table, steps, open, false) : entry));
}

function addedByAny(steps: readonly RecordStep[], key: string, table: FieldTable): boolean {
  for (const step of steps) if (step.adds(key, table)) return true;
  return false;
}
