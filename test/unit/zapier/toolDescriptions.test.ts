/**
 * Labels and descriptions as tool descriptions. Zapier MCP and AI Actions show an agent a step's label,
 * description and input help text, and nothing else, to choose a step and fill it in. So each must say,
 * in the store owner's words:
 *
 * - searches: a verb first in the label; what the search looks a record up by; a "Returns …" sentence
 *   naming the record it returns; what happens when nothing matches;
 * - triggers (shown ones): when it fires ("Triggers when …"), then "Each event brings the <noun>: …",
 *   the record the trigger emits, the same noun as the trigger's;
 * - every input: help text that says what value to give;
 * - no word of our own plumbing (operation numbers, REST, latest-orders, perform), which an agent
 *   cannot act on.
 *
 * Each rule is tried on made-up input first, so a rule that cannot fail would show here.
 */
import type { PlainInputField } from 'zapier-platform-core';
import { EVENTS } from '@commerce-service/shared';
import app from '../../../zapier/src/index';
import { triggerDescription } from '../../../zapier/src/triggers/event';

interface Display {
  label?: string;
  description?: string;
  hidden?: boolean;
}

const SEARCH_VERBS = ['Find'];
const JARGON = /\b(operation \d+|REST|latest-orders|perform\w*|endpoint|API call|z\.request)\b/i;

function inputProblems(fields: unknown): string[] {
  if (!Array.isArray(fields)) return [];
  return (fields as PlainInputField[]).flatMap((field) =>
    (field.helpText ?? '').trim().length < 20 ? [`input ${field.key} has no help text that says what to give`] : [],
  );
}

function searchProblems(noun: string, display: Display, inputs: unknown): string[] {
  const { label = '', description = '' } = display;
  const problems: string[] = [];
  if (!SEARCH_VERBS.includes(label.split(' ')[0] ?? '')) problems.push(`label "${label}" does not start with a verb`);
  if (!/^Finds /.test(description)) problems.push('description does not start with "Finds"');
  if (!/\bby (its |the |an? )?[\w' ]*(ID|email)/i.test(description))
    problems.push('description does not say what it looks up by');
  const returns = /\bReturns ([^.;]*)/.exec(description)?.[1] ?? '';
  if (!returns) problems.push('description has no "Returns …" sentence');
  else if (!new RegExp(`\\b${noun}`, 'i').test(returns) && !/\b(name|email)\b/.test(returns))
    problems.push(`"Returns …" does not name the ${noun.toLowerCase()}`);
  if (!/\bno result\b/.test(description)) problems.push('description does not say what happens when nothing matches');
  if (JARGON.test(description)) problems.push(`description uses plumbing words: ${JARGON.exec(description)?.[0]}`);
  return [...problems, ...inputProblems(inputs)];
}

function triggerProblems(noun: string, display: Display, inputs: unknown): string[] {
  const { description = '' } = display;
  const problems: string[] = [];
  if (!/^Triggers when [^.]+\./.test(description)) problems.push('description does not start with "Triggers when …."');
  const brings = /\bEach event brings the (\w+):/.exec(description)?.[1];
  if (!brings) problems.push('description does not say what each event brings');
  else if (brings !== noun.toLowerCase())
    problems.push(`each event brings "${brings}", the trigger's noun is "${noun}"`);
  if (JARGON.test(description)) problems.push(`description uses plumbing words: ${JARGON.exec(description)?.[0]}`);
  return [...problems, ...inputProblems(inputs)];
}

describe('tool-description rules (on made-up input)', () => {
  it('searches', () => {
    expect(
      searchProblems(
        'Order',
        {
          label: 'Find Order',
          description:
            'Finds one order by its numeric ID. Returns the order with its items; returns no result when none.',
        },
        [{ key: 'order_id', helpText: 'The numeric ID of the order, e.g. 1042.' }],
      ),
    ).toEqual([]);
    expect(
      searchProblems('Order', { label: 'Order Lookup', description: 'Looks up an order through operation 10.' }, [
        { key: 'order_id' },
      ]),
    ).toEqual([
      'label "Order Lookup" does not start with a verb',
      'description does not start with "Finds"',
      'description does not say what it looks up by',
      'description has no "Returns …" sentence',
      'description does not say what happens when nothing matches',
      'description uses plumbing words: operation 10',
      'input order_id has no help text that says what to give',
    ]);
  });

  it('triggers', () => {
    expect(
      triggerProblems(
        'Order',
        { description: 'Triggers when an order is paid. Each event brings the order: its items.' },
        [],
      ),
    ).toEqual([]);
    expect(
      triggerProblems(
        'Order',
        { description: 'Triggers when a subscription starts. Each event brings the subscription: x.' },
        [],
      ),
    ).toEqual([`each event brings "subscription", the trigger's noun is "Order"`]);
    expect(triggerProblems('Lead', { description: 'New lead via latest-orders.' }, [])).toEqual([
      'description does not start with "Triggers when …."',
      'description does not say what each event brings',
      'description uses plumbing words: latest-orders',
    ]);
  });
});

describe('the app definition reads as tool descriptions', () => {
  it.each(Object.entries(app.searches ?? {}))('search %s', (_key, search) => {
    expect(searchProblems(search.noun, search.display, search.operation.inputFields)).toEqual([]);
  });

  const shown = Object.entries(app.triggers ?? {}).filter(([, trigger]) => !trigger.display.hidden);
  it.each(shown)('trigger %s', (_key, trigger) => {
    expect(triggerProblems(trigger.noun, trigger.display, trigger.operation.inputFields)).toEqual([]);
  });

  it('every event trigger describes itself from the one catalogue: its sentence, then what it brings', () => {
    expect(shown).toHaveLength(EVENTS.length);
    for (const kind of EVENTS) {
      const trigger = shown.find(([, candidate]) => candidate.display.label === kind.label)?.[1];
      expect(trigger?.display.description).toBe(triggerDescription(kind));
      expect(trigger?.display.description?.startsWith(kind.description)).toBe(true);
    }
  });
});
