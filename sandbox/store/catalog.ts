import type { Plan, Product } from './types';

/**
 * The store's fixed product line. It covers every plan shape of docs/service/shapes.md#plan and
 * docs/service/real-stores.md#products-and-plans:
 * one-off, recurring until canceled (installments -1), installments, trials, sign-up fees,
 * a product on sale, one without image, a taxed and a shipped product, and the bump, upsell
 * and downsell offers checkouts attach.
 */
type CatalogEntry = Omit<Product, 'id' | 'createdAt' | 'updatedAt' | 'status'>;

const oneTime = (id: string, name: string, priceCents: number): Plan => ({
  id,
  name,
  priceType: 'one-time',
  priceCents,
  installments: 1,
  interval: '',
  frequency: 1,
  trialDays: null,
  signupFeeCents: 0,
});

const recurring = (id: string, name: string, priceCents: number, extra: Partial<Plan>): Plan => ({
  id,
  name,
  priceType: 'recurring',
  priceCents,
  installments: -1,
  interval: 'month',
  frequency: 1,
  trialDays: null,
  signupFeeCents: 0,
  ...extra,
});

export const CATALOG: readonly CatalogEntry[] = [
  {
    slug: 'photography-masterclass',
    name: 'Complete Photography Masterclass',
    description: 'Twelve modules from camera basics to a paid client portfolio.',
    hasImage: true,
    onSale: false,
    taxRate: 0,
    shippingCents: 0,
    plans: [oneTime('4101', 'Pay in Full', 19700), recurring('4102', '3 Monthly Payments', 7900, { installments: 3 })],
  },
  {
    slug: 'creative-members-club',
    name: 'Creative Members Club',
    description: 'Monthly workshops, critiques and a private community.',
    hasImage: true,
    onSale: false,
    taxRate: 0,
    shippingCents: 0,
    plans: [
      recurring('club-monthly', 'Monthly Membership', 2900, { trialDays: 7 }),
      recurring('club-yearly', 'Yearly Membership', 29000, { interval: 'year', signupFeeCents: 1000 }),
    ],
  },
  {
    slug: 'coaching-program',
    name: '1:1 Coaching Program',
    description: 'Six months of personal coaching calls and portfolio reviews.',
    hasImage: true,
    onSale: false,
    taxRate: 8.25,
    shippingCents: 0,
    plans: [
      recurring('4301', '6 Monthly Payments', 15000, { installments: 6, signupFeeCents: 5000 }),
      oneTime('4302', 'Pay in Full', 80000),
    ],
  },
  {
    slug: 'lightroom-preset-pack',
    name: 'Lightroom Preset Pack',
    description: '120 presets for portraits, landscapes and film looks.',
    hasImage: true,
    onSale: true,
    taxRate: 0,
    shippingCents: 0,
    plans: [oneTime('4401', 'Standard License', 2900)],
  },
  {
    slug: 'studio-lighting-kit',
    name: 'Studio Lighting Kit',
    description: 'Two softboxes, stands and a carry bag, shipped to your door.',
    hasImage: true,
    onSale: false,
    taxRate: 8.25,
    shippingCents: 1500,
    plans: [oneTime('4501', 'Kit', 12900)],
  },
  {
    slug: 'accountability-calls',
    name: 'Weekly Accountability Calls',
    description: 'A group call every other week to keep your projects moving.',
    hasImage: true,
    onSale: false,
    taxRate: 0,
    shippingCents: 0,
    plans: [recurring('4601', 'Every Two Weeks', 1900, { interval: 'week', frequency: 2, trialDays: 14 })],
  },
  {
    slug: 'quick-start-guide',
    name: 'Quick Start Guide (eBook)',
    description: 'The 40-page checklist, offered as an order bump.',
    hasImage: false,
    onSale: false,
    taxRate: 0,
    shippingCents: 0,
    plans: [oneTime('4701', 'eBook', 900)],
  },
  {
    slug: 'vip-critique-session',
    name: 'VIP Critique Session',
    description: 'A recorded one-hour review of your portfolio, offered as an upsell.',
    hasImage: true,
    onSale: false,
    taxRate: 0,
    shippingCents: 0,
    plans: [oneTime('4801', 'One Session', 9900)],
  },
  {
    slug: 'critique-session-lite',
    name: 'Critique Session Lite',
    description: 'A written review of ten photos, offered as a downsell.',
    hasImage: true,
    onSale: false,
    taxRate: 0,
    shippingCents: 0,
    plans: [oneTime('4901', 'Written Review', 4900)],
  },
];

/** Which catalog slugs checkouts offer as bump, upsell and downsell. */
export const OFFERS = {
  bump: 'quick-start-guide',
  upsell: 'vip-critique-session',
  downsell: 'critique-session-lite',
  /** Main products whose checkout shows the bump and the upsell. */
  withOffers: ['photography-masterclass', 'lightroom-preset-pack', 'studio-lighting-kit'],
} as const;
