/**
 * The numbers half of `npm run docs:check` (issue 25): the sentences in which the docs give a number
 * a user relies on (timeouts, attempts, budgets, caps, lanes, page counts, poll limits, the throttle,
 * request costs), each written here as a template over the code's own constant. The check renders
 * every template with the constant's value and fails when the doc does not contain that sentence, so
 * a changed constant fails until the docs follow (and a reworded sentence fails until this list does).
 *
 * What it cannot see: a number in a sentence not listed here (a new sentence, a figure in prose or an
 * example, measured timings such as "about 1 s"); numbers that are not constants (the 100 records a
 * page is the paginator's literal default; the store's 5 s comes from the plugin, not from us; the
 * request costs are `STORE_REQUESTS`, which only `test/integration/shared/requestCosts.sandbox.test.ts`
 * holds to the wire); whether the sentence around the number is still true. Line breaks and repeated
 * spaces are ignored when matching.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TIMEOUT_MS } from '../shared/src/storeApi';
import { DEFAULT_MAX_ATTEMPTS } from '../shared/src/http/retry';
import { PAGING_LIMITS } from '../shared/src/paginate';
import { VERIFICATION_LIMITS } from '../shared/src/platformClient';
import { DEFAULT_POLL_LIMITS } from '../shared/src/polling/engine';
import { STORE_REQUESTS, UNIT_READS } from '../test/kit/requestCosts';
import { N8N_RETRY_LIMITS } from '../n8n/nodes/common/transport';
import { ZAPIER_LIMITS, ZAPIER_STEP_BUDGET_MS } from '../zapier/src/platform';
import { STORE_THROTTLE } from '../zapier/src/throttle';

/** The constants the docs' numbers come from, by the name a failure gives. */
export const CODE_NUMBERS = {
  'ZAPIER_LIMITS.timeoutMs': ZAPIER_LIMITS.timeoutMs,
  ZAPIER_STEP_BUDGET_MS,
  'ZAPIER_LIMITS.maxRetryAfterMs': ZAPIER_LIMITS.maxRetryAfterMs,
  'N8N_RETRY_LIMITS.budgetMs': N8N_RETRY_LIMITS.budgetMs,
  'N8N_RETRY_LIMITS.maxRetryAfterMs': N8N_RETRY_LIMITS.maxRetryAfterMs,
  DEFAULT_TIMEOUT_MS,
  'VERIFICATION_LIMITS.budgetMs': VERIFICATION_LIMITS.budgetMs,
  'VERIFICATION_LIMITS.timeoutMs': VERIFICATION_LIMITS.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  'VERIFICATION_LIMITS.maxRetryAfterMs': VERIFICATION_LIMITS.maxRetryAfterMs,
  DEFAULT_MAX_ATTEMPTS,
  'PAGING_LIMITS.maxPages': PAGING_LIMITS.maxPages,
  'PAGING_LIMITS.concurrency': PAGING_LIMITS.concurrency,
  'PAGING_LIMITS.maxConcurrency': PAGING_LIMITS.maxConcurrency,
  'DEFAULT_POLL_LIMITS.maxEvents': DEFAULT_POLL_LIMITS.maxEvents,
  'DEFAULT_POLL_LIMITS.memory': DEFAULT_POLL_LIMITS.memory,
  'DEFAULT_POLL_LIMITS.maxWalk': DEFAULT_POLL_LIMITS.maxWalk,
  'DEFAULT_POLL_LIMITS.stopRun': DEFAULT_POLL_LIMITS.stopRun,
  'STORE_THROTTLE.limit': STORE_THROTTLE.limit,
  'STORE_THROTTLE.window': STORE_THROTTLE.window,
  'STORE_REQUESTS.quietPoll': STORE_REQUESTS.quietPoll.cold,
  'STORE_REQUESTS.deliveryVerified': STORE_REQUESTS.deliveryVerified.cold,
  'STORE_REQUESTS.deliveryUnverified': STORE_REQUESTS.deliveryUnverified.cold,
  'STORE_REQUESTS.get.cold': STORE_REQUESTS.get.cold,
  'STORE_REQUESTS.get.warm': STORE_REQUESTS.get.warm,
  'STORE_REQUESTS.getOlder.cold': STORE_REQUESTS.getOlder.cold,
  'UNIT_READS.recentOrderInHand': UNIT_READS.recentOrderInHand,
  'UNIT_READS.otherwise': UNIT_READS.otherwise,
  'STORE_REQUESTS.getManyOf3Pages.cold': STORE_REQUESTS.getManyOfPages(3).cold,
  'STORE_REQUESTS.getManyOf3Pages.warm': STORE_REQUESTS.getManyOfPages(3).warm,
};

export type CodeNumbers = typeof CODE_NUMBERS;
type Name = keyof CodeNumbers;

/** Seconds as the docs write them (12000 → "12"). */
const s = (ms: number) => String(ms / 1000);
/** Thousands as the docs write them (100000 → "100,000"). */
const n = (value: number) => value.toLocaleString('en-US');
const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** A small count spelled out, as prose does ("ten unchanged"). */
const word = (value: number) => WORDS[value] ?? String(value);
/** Minutes as the docs write them (120000 → "2 minutes"). */
const minutes = (ms: number) => `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;

interface Claim {
  doc: string;
  uses: Name[];
  /** The sentence as the doc writes it, from the constants' values. */
  text: (c: CodeNumbers) => string;
}

export const CLAIMS: Claim[] = [
  // Retries and budgets.
  {
    doc: 'README.md',
    uses: [
      'DEFAULT_MAX_ATTEMPTS',
      'ZAPIER_LIMITS.maxRetryAfterMs',
      'N8N_RETRY_LIMITS.maxRetryAfterMs',
      'VERIFICATION_LIMITS.maxRetryAfterMs',
    ],
    text: (c) =>
      `${c.DEFAULT_MAX_ATTEMPTS} attempts in all, waiting as long as the store asks (the \`Retry-After\` of a 429 or a 503, waited out up to ${s(c['ZAPIER_LIMITS.maxRetryAfterMs'])} s on Zapier, ${s(c['N8N_RETRY_LIMITS.maxRetryAfterMs'])} s on n8n and ${s(c['VERIFICATION_LIMITS.maxRetryAfterMs'])} s when checking a delivery`,
  },
  {
    doc: 'README.md',
    uses: ['PAGING_LIMITS.concurrency', 'PAGING_LIMITS.maxConcurrency'],
    text: (c) =>
      `long lists are read ${c['PAGING_LIMITS.concurrency']} pages at a time (on n8n, Parallel Requests sets 1 to ${c['PAGING_LIMITS.maxConcurrency']})`,
  },
  {
    doc: 'README.md',
    uses: ['STORE_THROTTLE.limit', 'STORE_THROTTLE.window'],
    text: (c) =>
      `at most ${c['STORE_THROTTLE.limit']} steps per ${c['STORE_THROTTLE.window']} s for each connected store`,
  },
  {
    doc: 'zapier/README.md',
    uses: ['ZAPIER_LIMITS.timeoutMs', 'DEFAULT_MAX_ATTEMPTS'],
    text: (c) =>
      `no answer within ${s(c['ZAPIER_LIMITS.timeoutMs'])} s, or a dropped connection is sent again, up to **${c.DEFAULT_MAX_ATTEMPTS} attempts**`,
  },
  {
    doc: 'zapier/README.md',
    uses: ['ZAPIER_STEP_BUDGET_MS'],
    text: (c) => `site's time zone after them, gets at most **${s(c.ZAPIER_STEP_BUDGET_MS)} s** in all`,
  },
  {
    doc: 'zapier/README.md',
    uses: ['ZAPIER_LIMITS.maxRetryAfterMs'],
    text: (c) => `A 429 whose \`Retry-After\` is longer than ${s(c['ZAPIER_LIMITS.maxRetryAfterMs'])} s`,
  },
  {
    doc: 'zapier/README.md',
    uses: ['VERIFICATION_LIMITS.budgetMs'],
    text: (c) => `is retried within ${s(c['VERIFICATION_LIMITS.budgetMs'])} s in all, so the store is not kept waiting`,
  },
  {
    doc: 'zapier/README.md',
    uses: ['STORE_THROTTLE.limit', 'STORE_THROTTLE.window'],
    text: (c) =>
      `**at most ${c['STORE_THROTTLE.limit']} of its steps per ${c['STORE_THROTTLE.window']} seconds for each connection**`,
  },
  {
    doc: 'zapier/README.md',
    uses: ['ZAPIER_LIMITS.timeoutMs'],
    text: (c) => `well inside the ${s(c['ZAPIER_LIMITS.timeoutMs'])} s each request is given`,
  },
  {
    doc: 'n8n/README.md',
    uses: ['DEFAULT_MAX_ATTEMPTS'],
    text: (c) => `sent again, up to **${c.DEFAULT_MAX_ATTEMPTS} attempts**`,
  },
  {
    doc: 'n8n/README.md',
    uses: ['N8N_RETRY_LIMITS.budgetMs'],
    text: (c) => `attempts and waits included, is limited to **${minutes(c['N8N_RETRY_LIMITS.budgetMs'])}**`,
  },
  {
    doc: 'n8n/README.md',
    uses: ['VERIFICATION_LIMITS.budgetMs'],
    text: (c) => `is retried within ${s(c['VERIFICATION_LIMITS.budgetMs'])} s in all, so the store is not kept waiting`,
  },
  {
    doc: 'docs/verification.md',
    uses: ['VERIFICATION_LIMITS.budgetMs', 'VERIFICATION_LIMITS.timeoutMs', 'VERIFICATION_LIMITS.maxRetryAfterMs'],
    text: (c) =>
      `(${s(c['VERIFICATION_LIMITS.budgetMs'])} s in all, at most ${s(c['VERIFICATION_LIMITS.timeoutMs'])} s an attempt, a Retry-After (429 or 503) of up to ${s(c['VERIFICATION_LIMITS.maxRetryAfterMs'])} s waited out)`,
  },
  {
    doc: 'docs/dates.md',
    uses: ['ZAPIER_LIMITS.timeoutMs', 'DEFAULT_TIMEOUT_MS', 'VERIFICATION_LIMITS.timeoutMs', 'ZAPIER_STEP_BUDGET_MS'],
    text: (c) =>
      `(Zapier ${s(c['ZAPIER_LIMITS.timeoutMs'])} s, n8n ${s(c.DEFAULT_TIMEOUT_MS)} s, deliveries ${s(c['VERIFICATION_LIMITS.timeoutMs'])} s), cut to what is left of a Zapier step's ${s(c.ZAPIER_STEP_BUDGET_MS)} s`,
  },
  {
    doc: 'ARCHITECTURE.md',
    uses: ['ZAPIER_STEP_BUDGET_MS', 'DEFAULT_MAX_ATTEMPTS'],
    text: (c) =>
      `at most ${c.DEFAULT_MAX_ATTEMPTS} attempts. Only a 429 or a 503 is waited out for its \`Retry-After\` (\`http/retryAfter.ts\`, the one reader, which the error message uses too); every other retried failure gets a jittered backoff. All of it stays within the adapter's budget (Zapier ${s(c.ZAPIER_STEP_BUDGET_MS)} s`,
  },
  // Caps and lanes.
  {
    doc: 'n8n/README.md',
    uses: ['PAGING_LIMITS.maxPages'],
    text: (c) => `up to ${n(c['PAGING_LIMITS.maxPages'] * 100)} records (${n(c['PAGING_LIMITS.maxPages'])} pages)`,
  },
  {
    doc: 'n8n/README.md',
    uses: ['PAGING_LIMITS.concurrency', 'PAGING_LIMITS.maxConcurrency'],
    text: (c) =>
      `**Options → Parallel Requests** (default ${c['PAGING_LIMITS.concurrency']}, 1 to ${c['PAGING_LIMITS.maxConcurrency']})`,
  },
  {
    doc: 'zapier/README.md',
    uses: ['PAGING_LIMITS.maxPages'],
    text: (c) => `(more than ${n(c['PAGING_LIMITS.maxPages'] * 100)} customers`,
  },
  {
    doc: 'zapier/README.md',
    uses: ['PAGING_LIMITS.concurrency'],
    text: (c) => `the email: ${c['PAGING_LIMITS.concurrency']} pages at once when the store reports how many there are`,
  },
  {
    doc: 'ARCHITECTURE.md',
    uses: ['PAGING_LIMITS.maxPages'],
    text: (c) => `past a cap of ${n(c['PAGING_LIMITS.maxPages'])} pages`,
  },
  // The polling trigger.
  {
    doc: 'docs/polling.md',
    uses: ['DEFAULT_POLL_LIMITS.memory'],
    text: (c) => `up to ${n(c['DEFAULT_POLL_LIMITS.memory'])} records as \`[id, status, fingerprint]\``,
  },
  {
    doc: 'docs/polling.md',
    uses: ['DEFAULT_POLL_LIMITS.stopRun'],
    text: (c) => `**${word(c['DEFAULT_POLL_LIMITS.stopRun'])} unchanged in a row end the walk**`,
  },
  {
    doc: 'docs/polling.md',
    uses: ['DEFAULT_POLL_LIMITS.maxWalk', 'DEFAULT_POLL_LIMITS.maxEvents'],
    text: (c) =>
      `(up to ${n(c['DEFAULT_POLL_LIMITS.maxWalk'])} changed records a resource); at most ${n(c['DEFAULT_POLL_LIMITS.maxEvents'])} events are emitted per poll`,
  },
  {
    doc: 'n8n/README.md',
    uses: ['DEFAULT_POLL_LIMITS.maxWalk'],
    text: (c) => `more than ${n(c['DEFAULT_POLL_LIMITS.maxWalk'])} changes of one resource between two polls`,
  },
  {
    doc: 'n8n/README.md',
    uses: ['DEFAULT_POLL_LIMITS.maxEvents'],
    text: (c) => `the first poll emits up to ${n(c['DEFAULT_POLL_LIMITS.maxEvents'])} events`,
  },
  {
    doc: 'ARCHITECTURE.md',
    uses: ['DEFAULT_POLL_LIMITS.memory', 'DEFAULT_POLL_LIMITS.stopRun'],
    text: (c) =>
      `bounded memory (${n(c['DEFAULT_POLL_LIMITS.memory'])} records per resource as \`[id, status, fingerprint]\`); ${word(c['DEFAULT_POLL_LIMITS.stopRun'])} unchanged records in a row end the walk`,
  },
  // What a step costs the store (STORE_REQUESTS, counted on the wire).
  {
    doc: 'n8n/README.md',
    uses: ['STORE_REQUESTS.quietPoll'],
    text: (c) => `Each poll costs **${c['STORE_REQUESTS.quietPoll']} request** to your store when nothing is new`,
  },
  {
    doc: 'n8n/README.md',
    uses: ['STORE_REQUESTS.deliveryVerified', 'STORE_REQUESTS.deliveryUnverified', 'STORE_REQUESTS.quietPoll'],
    text: (c) =>
      `| ${c['STORE_REQUESTS.deliveryVerified']} request per delivery of one event with verification (the read), ${c['STORE_REQUESTS.deliveryUnverified']} without or with a secret | ${c['STORE_REQUESTS.quietPoll']} request per poll when nothing is new`,
  },
  {
    doc: 'n8n/README.md',
    uses: ['STORE_REQUESTS.deliveryUnverified'],
    text: (c) => `the delivery costs **${c['STORE_REQUESTS.deliveryUnverified']} requests**`,
  },
  {
    doc: 'docs/polling.md',
    uses: ['STORE_REQUESTS.quietPoll'],
    text: (c) => `**${c['STORE_REQUESTS.quietPoll']} request** to the store in all`,
  },
  {
    doc: 'zapier/README.md',
    uses: ['STORE_REQUESTS.deliveryVerified', 'STORE_REQUESTS.deliveryUnverified'],
    text: (c) =>
      `${c['STORE_REQUESTS.deliveryVerified']} request for a delivery of one event, ${c['STORE_REQUESTS.deliveryUnverified']} with *No*`,
  },
  {
    doc: 'docs/verification.md',
    uses: ['STORE_REQUESTS.deliveryVerified', 'STORE_REQUESTS.deliveryUnverified'],
    text: (c) =>
      `| verified by reading the record back | ${c['STORE_REQUESTS.deliveryVerified']} (the record) | | proved by its secret (option on or off) | ${c['STORE_REQUESTS.deliveryUnverified']} |`,
  },
  {
    doc: 'ARCHITECTURE.md',
    uses: ['STORE_REQUESTS.deliveryVerified', 'STORE_REQUESTS.deliveryUnverified'],
    text: (c) =>
      `a verified delivery of one event is ${c['STORE_REQUESTS.deliveryVerified']} request, an unverified one or one proved by its secret ${c['STORE_REQUESTS.deliveryUnverified']}`,
  },
  {
    doc: 'docs/dates.md',
    uses: ['STORE_REQUESTS.quietPoll'],
    text: (c) =>
      `| a poll with nothing new | ${c['STORE_REQUESTS.quietPoll']} | ${c['STORE_REQUESTS.quietPoll']} | 0 |`,
  },
  {
    doc: 'docs/dates.md',
    uses: [
      'STORE_REQUESTS.get.cold',
      'STORE_REQUESTS.get.warm',
      'UNIT_READS.recentOrderInHand',
      'STORE_REQUESTS.getOlder.cold',
      'UNIT_READS.otherwise',
      'STORE_REQUESTS.getManyOf3Pages.cold',
      'STORE_REQUESTS.getManyOf3Pages.warm',
    ],
    text: (c) =>
      `| a Get of one of the 10 most recent orders | ${c['STORE_REQUESTS.get.cold']} | ${c['STORE_REQUESTS.get.warm']} | ${c['UNIT_READS.recentOrderInHand']} | | a Get of an older order | ${c['STORE_REQUESTS.getOlder.cold']} | ${c['STORE_REQUESTS.get.warm']} | ${c['UNIT_READS.otherwise']} | | a Get Many of 3 pages of orders | ${c['STORE_REQUESTS.getManyOf3Pages.cold']} | ${c['STORE_REQUESTS.getManyOf3Pages.warm']} | ${c['UNIT_READS.recentOrderInHand']} |`,
  },
  {
    doc: 'docs/dates.md',
    uses: ['UNIT_READS.recentOrderInHand'],
    text: (c) =>
      `The first poll of a polling trigger also reads the unit once (${c['UNIT_READS.recentOrderInHand']} request) and keeps it in its state.`,
  },
  // The unit of amounts (UNIT_READS, counted on the wire).
  {
    doc: 'n8n/README.md',
    uses: [
      'UNIT_READS.recentOrderInHand',
      'UNIT_READS.otherwise',
      'STORE_REQUESTS.get.cold',
      'STORE_REQUESTS.get.warm',
      'STORE_REQUESTS.getManyOf3Pages.cold',
    ],
    text: (c) =>
      `Telling the unit costs the first node run that reads amounts **${c['UNIT_READS.recentOrderInHand']} request** (latest-orders), or **${c['UNIT_READS.otherwise']}** when no order it read is among the store's 10 most recent: a Get of a recent order is ${c['STORE_REQUESTS.get.cold']} requests in a fresh n8n process (the order, latest-orders) and ${c['STORE_REQUESTS.get.warm']} after it, a Get Many of 3 pages of orders ${c['STORE_REQUESTS.getManyOf3Pages.cold']}`,
  },
  {
    doc: 'zapier/README.md',
    uses: [
      'UNIT_READS.recentOrderInHand',
      'UNIT_READS.otherwise',
      'ZAPIER_STEP_BUDGET_MS',
      'STORE_REQUESTS.get.cold',
      'STORE_REQUESTS.get.warm',
    ],
    text: (c) =>
      `Telling the unit costs a search **${c['UNIT_READS.recentOrderInHand']} request** (latest-orders), or **${c['UNIT_READS.otherwise']}** when the record found is not among the store's 10 most recent orders, within the step's ${s(c.ZAPIER_STEP_BUDGET_MS)} s; a Find Order of a recent order is ${c['STORE_REQUESTS.get.cold']} requests in a fresh container, ${c['STORE_REQUESTS.get.warm']} once it is warm`,
  },
  {
    doc: 'zapier/README.md',
    uses: ['STORE_REQUESTS.deliveryVerified', 'STORE_REQUESTS.get.warm', 'STORE_REQUESTS.getOlder.cold'],
    text: (c) =>
      `A trigger step costs ${c['STORE_REQUESTS.deliveryVerified']} request (the read), a search ${c['STORE_REQUESTS.get.warm']}, or up to ${c['STORE_REQUESTS.getOlder.cold']} in a fresh container`,
  },
  {
    doc: 'ARCHITECTURE.md',
    uses: ['UNIT_READS.recentOrderInHand', 'UNIT_READS.otherwise', 'STORE_REQUESTS.get.cold'],
    text: (c) =>
      `(\`UNIT_READS\`: ${c['UNIT_READS.recentOrderInHand']}, or ${c['UNIT_READS.otherwise']} when no order in hand is among the 10 most recent): a Get of a recent order is ${c['STORE_REQUESTS.get.cold']} requests`,
  },
  {
    doc: 'docs/amounts.md',
    uses: ['UNIT_READS.recentOrderInHand', 'UNIT_READS.otherwise'],
    text: (c) =>
      `order already read is among the 10 most recent, that costs **${word(c['UNIT_READS.recentOrderInHand'])} request** (latest-orders); otherwise **${word(c['UNIT_READS.otherwise'])}** (latest-orders, then one of those recent orders through the REST API).`,
  },
];

export interface NumberProblem {
  doc: string;
  uses: Name[];
  expected: string;
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Every listed sentence, rendered from `numbers`, that its doc does not contain. */
export function checkNumbers(root: string, numbers: CodeNumbers = CODE_NUMBERS): NumberProblem[] {
  const docs = new Map<string, string>();
  const read = (doc: string) => {
    if (!docs.has(doc)) docs.set(doc, flat(readFileSync(join(root, doc), 'utf8')));
    return docs.get(doc) as string;
  };
  return CLAIMS.flatMap((claim) => {
    const expected = flat(claim.text(numbers));
    return read(claim.doc).includes(expected) ? [] : [{ doc: claim.doc, uses: claim.uses, expected }];
  });
}
