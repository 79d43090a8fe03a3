/**
 * One field, one edit: a field added to one table (orders) reaches its record type, the coercion, the
 * Zapier output fields and labels, the instants, the cents conversion and the sandbox's shape checks.
 */
import { FIELDS } from '@commerce-service/shared';
import type { FieldTable, RecordOf } from '../../../shared/src/resources/table';
import { ORDER_FIELDS } from '../../../shared/src/resources/tables/order';

// What a store adding a refund to orders would be: one amount, one UTC time.
const ADDED = {
  refund_amount: { type: 'number', label: 'Refund Amount', money: true },
  refunded_at: { type: 'string', label: 'Refunded At', clock: 'utc' },
} as const satisfies FieldTable;
const EXTENDED = { ...ORDER_FIELDS, ...ADDED } as const satisfies FieldTable;

type Shared = typeof import('../../../shared/src');
type Catalogue = typeof import('../../../shared/src/operations/catalogue');
type Parse = typeof import('../../../shared/src/events/parse');
type Build = typeof import('../../../shared/src/resources/build');
type Cents = typeof import('../../../shared/src/events/cents');
type Fields = typeof import('../../../zapier/src/fields');
type Shapes = typeof import('../../integration/sandbox/specShapes');

/** The modules that read the tables, loaded afresh over an order table with the added fields. */
function loadWithAddedFields(): {
  shared: Shared;
  catalogue: Catalogue;
  parse: Parse;
  build: Build;
  cents: Cents;
  zapier: Fields;
  shapes: Shapes;
} {
  let loaded: ReturnType<typeof loadWithAddedFields> | undefined;
  jest.isolateModules(() => {
    jest.doMock('../../../shared/src/resources/tables/order', () => ({
      ...jest.requireActual<object>('../../../shared/src/resources/tables/order'),
      ORDER_FIELDS: EXTENDED,
    }));
    loaded = {
      shared: jest.requireActual<Shared>('../../../shared/src'),
      catalogue: jest.requireActual<Catalogue>('../../../shared/src/operations/catalogue'),
      parse: jest.requireActual<Parse>('../../../shared/src/events/parse'),
      build: jest.requireActual<Build>('../../../shared/src/resources/build'),
      cents: jest.requireActual<Cents>('../../../shared/src/events/cents'),
      zapier: jest.requireActual<Fields>('../../../zapier/src/fields'),
      shapes: jest.requireActual<Shapes>('../../integration/sandbox/specShapes'),
    };
  });
  // The mock outlives the isolated registry: without this, a later load would see the added fields too.
  jest.dontMock('../../../shared/src/resources/tables/order');
  if (!loaded) throw new Error('modules not loaded');
  return loaded;
}

describe('a field added to one table', () => {
  const { shared, catalogue, parse, build, cents, zapier, shapes } = loadWithAddedFields();
  const NEW_YORK = { kind: 'named', name: 'America/New_York' } as const;

  it('is in the record type', () => {
    const order: Pick<RecordOf<typeof EXTENDED>, 'refund_amount' | 'refunded_at'> = {
      refund_amount: 5,
      refunded_at: '2026-01-02 10:00:00',
    };
    expect(Object.keys(order)).toEqual(Object.keys(ADDED));
    // @ts-expect-error: the order type of the tables as they are has no such field.
    const before: RecordOf<typeof ORDER_FIELDS>['refund_amount'] = 5;
    expect(before).toBe(5);
  });

  it('is coerced, and filled when the store leaves it out', () => {
    // As the client builds a Get's record: read by the operation's result, then typed and filled in one pass.
    const { result } = catalogue.OPERATIONS.getOrder;
    const sent = result.read({ id: 1, refund_amount: '12.50' });
    expect(build.buildRecord(sent, result.records ?? {}, { coerce: 'fill' })).toMatchObject({
      refund_amount: 12.5,
      refunded_at: '',
    });
    expect(parse.parseDelivery({ trigger: 'refunded', refund_amount: '3' })[0]).toMatchObject({ refund_amount: 3 });
  });

  it("is one of Zapier's output fields, labelled, with its instant", () => {
    const keys = [...zapier.outputFields(shared.FIELDS.order), ...zapier.eventOutputFields('order')];
    expect(keys).toContainEqual({ key: 'refund_amount', label: 'Refund Amount', type: 'number' });
    expect(keys).toContainEqual({ key: 'refunded_at_iso', label: 'Refunded At (ISO 8601)', type: 'datetime' });
  });

  it('gets its instant in REST reads and in deliveries', () => {
    const order = { id: 1, refunded_at: '2026-01-02 10:00:00' };
    const table = catalogue.OPERATIONS.getOrder.result.records;
    expect(shared.withInstants([order], NEW_YORK, { fill: true, ...(table && { table }) })[0]).toEqual({
      ...order,
      refunded_at_iso: '2026-01-02T10:00:00Z',
    });
    expect(shared.withInstants([{ trigger: 'refunded', ...order }], NEW_YORK)[0]).toHaveProperty(
      'refunded_at_iso',
      '2026-01-02T10:00:00Z',
    );
  });

  it('is converted to cents', () => {
    expect(cents.amountsInCents({ trigger: 'refunded', currency: 'USD', refund_amount: 1.25 })).toMatchObject({
      refund_amount: 125,
    });
  });

  it("is held by the sandbox's shape check", () => {
    expect(shapes.ORDER).toMatchObject({ refund_amount: 'number', refunded_at: 'timestamp' });
    expect(
      shapes.shapeProblems({ ...Object.fromEntries(Object.keys(shapes.ORDER).map((k) => [k, 0])) }, shapes.ORDER),
    ).toContain('refunded_at: 0 is not timestamp');
  });

  it('reaches them through the table alone: the tables as they are have none of it', () => {
    expect(shared.FIELDS.order).toContainEqual(expect.objectContaining({ key: 'refund_amount' }));
    expect(FIELDS.order).not.toContainEqual(expect.objectContaining({ key: 'refund_amount' }));
  });
});
