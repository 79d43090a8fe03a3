import type { Random } from './prng';
import type { Address, Customer } from './types';
import { FIRST_NAMES, LAST_NAMES, PLACES, STREETS } from './names';
import type { Store } from './store';

export interface Identity extends Address {
  firstName: string;
  lastName: string;
  email: string;
}

/** A made-up person; a few have no first or last name, as docs/service/shapes.md#customer allows. */
export function newIdentity(random: Random, serial: number): Identity {
  const roll = random.next();
  const firstName = roll < 0.02 ? '' : random.pick(FIRST_NAMES);
  const lastName = roll < 0.05 ? '' : random.pick(LAST_NAMES);
  const local = [firstName, lastName]
    .filter((part) => part !== '')
    .join('.')
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  const email = `${local || 'customer'}${serial}@example.com`;
  const hasAddress = random.chance(0.4);
  const place = random.pick(PLACES);
  return {
    firstName,
    lastName,
    email,
    phone: random.chance(0.5) ? `+1 555 01${String(random.int(0, 99)).padStart(2, '0')}` : '',
    address1: hasAddress ? `${random.int(1, 999)} ${random.pick(STREETS)}` : '',
    city: hasAddress ? place.city : '',
    state: hasAddress ? place.state : '',
    zip: hasAddress ? place.zip : '',
    country: place.country,
  };
}

export function newCustomer(store: Store, random: Random, at: number): Customer {
  const id = store.customers.length + 1;
  const customer: Customer = { id, createdAt: at, orderIds: [], ...newIdentity(random, id) };
  store.addCustomer(customer);
  return customer;
}

/** Documentation-range addresses (RFC 5737), never a real client. */
export function newIpAddress(random: Random): string {
  return `${random.pick(['192.0.2', '198.51.100', '203.0.113'])}.${random.int(1, 254)}`;
}
