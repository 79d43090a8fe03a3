import { inspect } from 'node:util';
import { EVENTS, parseDelivery, readDelivery } from '@commerce-service/shared';
import { OriginSecret } from '../../../shared/src/events/origin';
import { latestOrderAsEvent } from '../../../shared/src/events/parse';

const KEY = 'the-store-api-key-4411';
const delivery = {
  trigger: 'purchased',
  id: 2210,
  customer_email: 'ada@example.com',
  product_id: '12',
  status: 'paid',
};

describe('studiocart_secret never travels on', () => {
  it('is taken out of a JSON delivery, an array, a JSON string and a form body', () => {
    const withSecret = { ...delivery, studiocart_secret: KEY };
    const bodies: unknown[] = [
      withSecret,
      [withSecret, withSecret],
      JSON.stringify(withSecret),
      Buffer.from(JSON.stringify(withSecret)),
      `trigger=purchased&id=2210&customer_email=ada%40example.com&product_id=12&status=paid&studiocart_secret=${KEY}`,
    ];
    for (const body of bodies) {
      const records = parseDelivery(body);
      expect(records.length).toBeGreaterThan(0);
      for (const record of records) {
        expect(record).not.toHaveProperty('studiocart_secret');
        expect(JSON.stringify(record)).not.toContain(KEY);
        expect(record).toMatchObject({ trigger: 'purchased', id: 2210, customer_email: 'ada@example.com' });
      }
    }
  });

  it('is taken out whatever its letter case, and a body with nothing but the secret is no event', () => {
    expect(parseDelivery({ ...delivery, Studiocart_Secret: KEY })).toEqual([delivery]);
    expect(parseDelivery({ studiocart_secret: KEY })).toEqual([]);
  });

  it('never reaches a record built by the shared record reader (recent examples too)', () => {
    const record = latestOrderAsEvent(
      {
        order_id: 7,
        order_status: 'paid',
        product_name: 'P',
        customer_email: 'a@b.c',
        customer_firstname: '',
        customer_lastname: '',
        customer_name: '',
        product_id: '1',
        order_amount: '1.00',
        currency: 'USD',
        studiocart_secret: KEY,
      } as never,
      'purchased',
    );
    expect(JSON.stringify(record)).not.toContain(KEY);
    expect(record).toMatchObject({ id: 7, status: 'paid', trigger: 'purchased' });
  });

  it('is kept aside as an OriginSecret that never prints its value', () => {
    const [delivered] = readDelivery({ ...delivery, studiocart_secret: KEY });
    expect(delivered?.record).toEqual(delivery);
    const secret = delivered?.secret;
    expect(secret).toBeInstanceOf(OriginSecret);
    for (const shown of [
      JSON.stringify(delivered),
      String(secret),
      `${secret}`,
      inspect(delivered, { depth: 5, showHidden: true }),
    ]) {
      expect(shown).not.toContain(KEY);
    }
  });

  it('an empty secret proves nothing and counts as absent', () => {
    expect(readDelivery({ ...delivery, studiocart_secret: '  ' })[0]).toEqual({ record: delivery });
    expect(readDelivery({ a: 1, studiocart_secret: '' })).toEqual([{ record: { a: 1, trigger: '' } }]);
  });
});

describe('OriginSecret.matches', () => {
  it('matches the credential key, and only it', () => {
    expect(OriginSecret.of(KEY).matches(KEY)).toBe(true);
    expect(OriginSecret.of(`${KEY}x`).matches(KEY)).toBe(false);
    expect(OriginSecret.of('short').matches(KEY)).toBe(false);
    expect(OriginSecret.of(KEY.toUpperCase()).matches(KEY)).toBe(false);
    expect(readDelivery(delivery)[0]?.secret).toBeUndefined();
  });

  it('a numeric secret is compared as text', () => {
    const [delivered] = readDelivery({ ...delivery, studiocart_secret: 12345 });
    expect(delivered?.secret?.matches('12345')).toBe(true);
  });

  it('compares in constant time: equal-length digests through timingSafeEqual', () => {
    // Different lengths would make timingSafeEqual throw; hashing first makes every comparison equal-length.
    expect(() => OriginSecret.of('a').matches('a much longer key than the secret')).not.toThrow();
  });

  it('the catalogue samples carry no secret', () => {
    for (const event of EVENTS) expect(event.sample).not.toHaveProperty('studiocart_secret');
  });
});
