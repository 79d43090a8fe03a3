/**
 * The admission decision both webhook triggers make (`shared/src/events/admit.ts`): which delivered
 * records go on and what is logged about the others. The adapters' tests cover only their wiring.
 */
import { admitDeliveries, planAdmission } from '../../../shared/src/events/admit';
import { DeliveredEvent } from '../../../shared/src/events/parse';
import { readDelivery } from '@commerce-service/shared';
import { KEY, ROOT, UTC_ZONE, clientFor, spyTransport, store } from '../support/shared';
import { wpError } from '../support/wordpress';

type AdmissionInput = Parameters<typeof admitDeliveries>[0];

/** A delivery that went on unverified, for this reason. */

const unverified = (reason: string): unknown =>
  expect.objectContaining({ verification: expect.objectContaining({ status: 'unverified', reason }) });

const EMAIL = 'maya.lopez@example.com';

function delivered(...records: Array<Record<string, unknown>>): DeliveredEvent[] {
  return records.flatMap((record) => readDelivery(record));
}

/** The paid order the store holds; any other id is unknown to it. */
const paid = 1042;
const PAID_RECORD = { id: paid, customer_email: EMAIL, product_id: '87', payment_plan_id: 'one-off', status: 'paid' };
/** What the verifying client sent (the store's answers are nock's, set per test). */
let transport: ReturnType<typeof spyTransport>;
let clientsMade: number;

beforeEach(() => {
  transport = spyTransport();
  clientsMade = 0;
});

function purchase(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    trigger: 'purchased',
    id: String(paid),
    customer_email: EMAIL,
    product_id: '87',
    status: 'paid',
    ...overrides,
  };
}

/** The two steps a trigger takes: the plan made when the delivery is received, then carried out. */
function admit({
  delivered,
  verify,
  ...rest
}: Omit<AdmissionInput, 'planned'> & { delivered: DeliveredEvent[]; verify: boolean }) {
  return admitDeliveries({ planned: planAdmission(delivered, verify).planned, ...rest });
}

const client = () => {
  clientsMade += 1;
  return clientFor({}, { transport, siteZone: UTC_ZONE });
};

describe('admitDeliveries, verifying', () => {
  it('admits genuine records marked verified, drops forged ones with a warning naming reason and store only', async () => {
    // One read per delivered record: the genuine one and the one with another email.
    store().get(`${ROOT}/orders/${paid}`).times(2).reply(200, PAID_RECORD);
    store()
      .get(`${ROOT}/orders/999999`)
      .reply(404, wpError('sc_rest_invalid_id', 'Invalid resource ID.', 404));
    const { admitted, notices } = await admit({
      delivered: delivered(
        purchase(),
        purchase({ id: '999999' }),
        purchase({ customer_email: 'someone.else@example.org' }),
      ),
      event: 'purchased',
      verify: true,
      client,
    });

    expect(admitted).toEqual([
      expect.objectContaining({ id: paid, verification: { status: 'verified', method: 'store' } }),
    ]);
    expect(notices).toEqual([
      {
        level: 'warn',
        message: expect.stringMatching(
          /^dropped a "purchased" delivery that did not come from shop\.example\.com \(unknown-record\): .*It was not passed on\.$/,
        ),
      },
      { level: 'warn', message: expect.stringMatching(/^dropped a "purchased" delivery .*\(email-mismatch\)/) },
    ]);
    expect(JSON.stringify(notices)).not.toMatch(/@|someone/);
    expect(clientsMade).toBe(1);
  });

  it('a failing store: the record goes on unverified, with a warning that says why', async () => {
    store()
      .get(`${ROOT}/orders/${paid}`)
      .reply(500, wpError('internal_server_error', 'Boom', 500));
    const { admitted, notices } = await admit({
      delivered: delivered(purchase()),
      event: 'purchased',
      verify: true,
      client,
    });

    expect(admitted).toEqual([unverified('store-unavailable')]);
    expect(notices).toEqual([
      {
        level: 'warn',
        message: expect.stringMatching(/^a "purchased" delivery goes on unverified \(store-unavailable\): /),
      },
    ]);
  });

  it('a lead goes on unverified with an info line, and no read', async () => {
    const { admitted, notices } = await admit({
      delivered: delivered({ trigger: 'lead', customer_email: EMAIL, product_id: '87' }),
      event: 'lead',
      verify: true,
      client,
    });

    expect(admitted).toEqual([unverified('lead-has-no-record')]);
    expect(notices).toEqual([
      { level: 'info', message: expect.stringMatching(/^a "lead" delivery goes on unverified \(lead-has-no-record\)/) },
    ]);
    expect(transport.requests).toEqual([]);
  });

  it('the key as studiocart_secret proves a record without a read; it never appears in what goes on or is logged', async () => {
    const { admitted, notices } = await admit({
      delivered: delivered(purchase({ id: '999999', studiocart_secret: KEY })),
      event: 'purchased',
      verify: true,
      client,
    });

    expect(admitted).toEqual([
      expect.objectContaining({ id: 999999, verification: { status: 'verified', method: 'secret' } }),
    ]);
    expect(notices).toEqual([]);
    expect(JSON.stringify({ admitted, notices })).not.toContain(KEY);
    expect(transport.requests).toEqual([]);
  });
});

describe('admitDeliveries, not verifying', () => {
  it('without a secret: every record goes on as delivered, unmarked, and no client is made', async () => {
    const { admitted, notices } = await admit({
      delivered: delivered(purchase({ id: '999999' })),
      event: 'purchased',
      verify: false,
      client,
    });

    expect(admitted).toEqual([expect.objectContaining({ id: 999999 })]);
    expect(admitted[0]).not.toHaveProperty('verification');
    expect(notices).toEqual([]);
    expect(clientsMade).toBe(0);
  });

  it('the secret alone decides: a wrong one is dropped with a warning, a right one is marked verified; no read', async () => {
    const { admitted, notices } = await admit({
      delivered: delivered(
        purchase({ studiocart_secret: 'guessed-key' }),
        purchase({ id: '999999', studiocart_secret: KEY }),
      ),
      event: 'purchased',
      verify: false,
      client: async () => client(),
    });

    expect(admitted).toEqual([
      expect.objectContaining({ id: 999999, verification: { status: 'verified', method: 'secret' } }),
    ]);
    expect(notices).toEqual([
      {
        level: 'warn',
        message: expect.stringMatching(
          /^dropped a "purchased" delivery .*\(secret-mismatch\): the delivery carries a studiocart_secret that is not/,
        ),
      },
    ]);
    expect(JSON.stringify({ admitted, notices })).not.toMatch(new RegExp(`guessed-key|${KEY}`));
    expect(transport.requests).toEqual([]);
    expect(clientsMade).toBe(1);
  });
});

describe('the notices of an admission', () => {
  it('says nothing about a verified delivery', async () => {
    store().get(`${ROOT}/orders/${paid}`).reply(200, PAID_RECORD);
    const { admitted, notices } = await admit({
      delivered: delivered(purchase()),
      event: 'purchased',
      verify: true,
      client,
    });
    expect(admitted).toEqual([expect.objectContaining({ verification: { status: 'verified', method: 'store' } })]);
    expect(notices).toEqual([]);
  });
});
