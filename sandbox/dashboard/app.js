// @ts-check
// The sandbox dashboard: reads /sandbox/v1/catalog once and /sandbox/v1/activity every 2 s, fires
// events through POST /sandbox/v1/events. Everything shown is set as text, never as HTML.
'use strict';

const REFRESH_MS = 2000;
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * A small element builder.
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {Array<Node | string | null | undefined>} [children]
 */
function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'text') el.textContent = value;
    else el.setAttribute(name, value);
  }
  for (const child of children) if (child !== null && child !== undefined) el.append(child);
  return el;
}

/** @param {string} url */
async function getJson(url) {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const body = await response.json();
  if (!response.ok) throw new Error(body && body.message ? body.message : `HTTP ${response.status}`);
  return body;
}

/** @type {{products: Array<{id: number, name: string, plans: Array<{id: string, name: string, terms: string}>}>, offers: Array<{id: string, label: string}>, events: Array<{type: string, label: string, group: string, hint: string}>, store: {url: string, apiRoot: string, profile: string}, settings: {apiKey: string}} | null} */
let catalog = null;

function renderCatalog() {
  if (!catalog) return;
  $('fact-profile').textContent = catalog.store.profile;
  $('fact-api').textContent = catalog.store.apiRoot;
  $('setting-key').textContent = catalog.settings.apiKey;
  $('setting-url').textContent = catalog.store.url;
  $('setting-root').textContent = catalog.store.apiRoot;

  const product = /** @type {HTMLSelectElement} */ ($('product'));
  product.replaceChildren(
    h('option', { value: '', text: "Any product (store's choice)" }),
    ...catalog.products.map((p) => h('option', { value: String(p.id), text: `${p.name} (#${p.id})` })),
  );
  renderPlans();

  const groups = { orders: 'Orders', subscriptions: 'Subscriptions', leads: 'Leads' };
  $('event-groups').replaceChildren(
    ...Object.entries(groups).map(([group, legend]) =>
      h('fieldset', {}, [
        h('legend', { text: legend }),
        h(
          'div',
          { class: 'buttons' },
          (catalog?.events ?? [])
            .filter((e) => e.group === group)
            .map((e) =>
              h('button', {
                type: 'button',
                class: e.type === 'purchased' ? 'primary' : '',
                'data-event': e.type,
                title: e.hint,
                text: e.label,
              }),
            ),
        ),
      ]),
    ),
  );

  $('products').replaceChildren(
    ...catalog.products.map((p) =>
      h('li', {}, [
        h('div', { class: 'name' }, [p.name, ' ', h('span', { class: 'id', text: `#${p.id}` })]),
        h(
          'ul',
          {},
          p.plans.map((plan) => h('li', { text: `${plan.name}: ${plan.terms}` })),
        ),
      ]),
    ),
  );
}

function renderPlans() {
  if (!catalog) return;
  const productId = /** @type {HTMLSelectElement} */ ($('product')).value;
  const product = catalog.products.find((p) => String(p.id) === productId);
  const plans = product ? product.plans : [];
  /** @type {HTMLSelectElement} */ ($('plan')).replaceChildren(
    h('option', { value: '', text: "Any plan (store's choice)" }),
    plans.length
      ? h(
          'optgroup',
          { label: 'Plans' },
          plans.map((plan) => h('option', { value: plan.id, text: `${plan.name} (${plan.terms})` })),
        )
      : null,
    h(
      'optgroup',
      { label: 'Offers' },
      catalog.offers.map((offer) => h('option', { value: offer.id, text: offer.label })),
    ),
  );
}

/** @param {string} iso */
const storeTime = (iso) =>
  typeof iso === 'string' ? iso.replace('T', ' ').replace(/(\.\d+)?(Z|[+-]\d\d:?\d\d)?$/, '') : '';

/** @param {number | null} status @param {string | undefined} error */
function statusBadge(status, error) {
  const ok = status !== null && status >= 200 && status < 300;
  const text = status === null ? 'no answer' : String(status);
  return h('span', { class: `status ${ok ? 'ok' : 'bad'}`, text, ...(error ? { title: error } : {}) });
}

/** @param {{id: number | string | null, email: string | null}} record */
function recordText(record) {
  const parts = [];
  if (record.id !== null) parts.push(`#${record.id}`);
  if (record.email) parts.push(record.email);
  return parts.join(' · ') || '—';
}

/** A delivery the store waited this long for held its checkout (and its PHP worker) noticeably. */
const SLOW_DELIVERY_MS = 1000;

/** @param {number} ms */
const tookText = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`);

/** @param {{workers: number | null, busy: number, waiting: number}} usage */
function workersText(usage) {
  if (usage.workers === null) return 'unlimited';
  const waiting = usage.waiting > 0 ? `, ${usage.waiting} waiting` : '';
  return `${usage.busy} of ${usage.workers} busy${waiting}`;
}

/** @param {any} data */
function renderActivity(data) {
  const secret = /** @type {HTMLInputElement} */ ($('secret-switch'));
  if (!secret.disabled) secret.checked = data.secretInDeliveries === true;
  $('fact-orders').textContent = data.counts.orders.toLocaleString('en-US');
  $('fact-subscriptions').textContent = data.counts.subscriptions.toLocaleString('en-US');
  $('fact-customers').textContent = data.counts.customers.toLocaleString('en-US');
  $('fact-workers').textContent = workersText(data.workers);

  const hooks = /** @type {Array<any>} */ (data.hooks);
  $('hooks-count').textContent = `${hooks.length} active`;
  $('hooks-empty').hidden = hooks.length > 0;
  $('hooks').hidden = hooks.length === 0;
  /** @type {HTMLTableElement} */ ($('hooks')).tBodies[0].replaceChildren(
    ...hooks.map((hook) =>
      h('tr', {}, [
        h(
          'td',
          {},
          hook.events.length
            ? hook.events.map((/** @type {string} */ e) => h('span', { class: 'tag', text: e }))
            : [h('span', { class: 'muted', text: 'any event' })],
        ),
        h(
          'td',
          hook.productId === null
            ? { class: 'muted', text: 'any' }
            : { text: hook.productName ? `${hook.productName} (#${hook.productId})` : `#${hook.productId}` },
        ),
        h('td', hook.planIds.length ? { text: hook.planIds.join(', ') } : { class: 'muted', text: 'any' }),
        h('td', {}, [h('code', { text: hook.url })]),
        h('td', { text: hook.source || '—' }),
      ]),
    ),
  );

  const deliveries = /** @type {Array<any>} */ (data.deliveries);
  $('deliveries-count').textContent =
    data.deliveriesTotal > deliveries.length
      ? `newest ${deliveries.length} of ${data.deliveriesTotal}`
      : `${deliveries.length}`;
  $('deliveries-empty').hidden = deliveries.length > 0;
  $('deliveries').hidden = deliveries.length === 0;
  /** @type {HTMLTableElement} */ ($('deliveries')).tBodies[0].replaceChildren(
    ...deliveries.map((d) =>
      h('tr', {}, [
        h('td', { class: 'nowrap', text: storeTime(d.deliveredAt) }),
        h('td', {}, [h('span', { class: 'tag', text: d.event })]),
        h('td', { text: recordText(d.record) }),
        h('td', {}, [statusBadge(d.status, d.error)]),
        h('td', { class: `nowrap${d.durationMs >= SLOW_DELIVERY_MS ? ' slow' : ''}`, text: tookText(d.durationMs) }),
        h('td', {}, [h('code', { text: d.url })]),
      ]),
    ),
  );
  $('updated').textContent = `Updated ${new Date().toLocaleTimeString()}`;
}

let timer = 0;
async function refresh() {
  window.clearTimeout(timer);
  try {
    renderActivity(await getJson('/sandbox/v1/activity'));
    $('offline').hidden = true;
  } catch (error) {
    $('offline').hidden = false;
    $('offline').textContent =
      `The sandbox does not answer (${error instanceof Error ? error.message : String(error)}). Is it still running?`;
  }
  timer = window.setTimeout(refresh, REFRESH_MS);
}

/** @param {string} label @param {any} answer */
function describeFired(label, answer) {
  const ev = answer.event;
  const what = ev.resource === 'lead' ? `lead ${ev.email}` : `${ev.resource} #${ev.id} (${ev.status})`;
  const deliveries = /** @type {Array<{status: number | null}>} */ (answer.deliveries);
  const sent = deliveries.length
    ? `Sent to ${deliveries.length} hook${deliveries.length > 1 ? 's' : ''}: ${deliveries.map((d) => (d.status === null ? 'no answer' : d.status)).join(', ')}.`
    : 'No hook listens for it.';
  return `${label}: ${what}. ${sent}`;
}

/** @param {HTMLButtonElement} button */
async function fire(button) {
  const type = button.dataset.event;
  const label = button.textContent || type || '';
  const productId = /** @type {HTMLSelectElement} */ ($('product')).value;
  const planId = /** @type {HTMLSelectElement} */ ($('plan')).value;
  const body = {
    type,
    ...(productId ? { product_id: Number(productId) } : {}),
    ...(planId ? { plan_id: planId } : {}),
  };
  const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('#event-groups button'));
  buttons.forEach((b) => (b.disabled = true));
  const result = $('result');
  result.replaceChildren(h('span', { class: 'muted', text: `${label}…` }));
  try {
    const response = await fetch('/sandbox/v1/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer && answer.message ? answer.message : `HTTP ${response.status}`);
    result.replaceChildren(h('span', { class: 'ok', text: describeFired(label, answer) }));
  } catch (error) {
    result.replaceChildren(
      h('span', {
        class: 'bad',
        text: `${label} did not happen: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
  } finally {
    buttons.forEach((b) => (b.disabled = false));
    button.focus();
    void refresh();
  }
}

/** The switch: the admin API's `secretInDeliveries` deviation, for every delivery from now on. */
async function switchSecret() {
  const secret = /** @type {HTMLInputElement} */ ($('secret-switch'));
  const wanted = secret.checked;
  secret.disabled = true;
  const result = $('result');
  try {
    const response = await fetch('/sandbox/v1/config', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviations: { secretInDeliveries: wanted } }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer && answer.message ? answer.message : `HTTP ${response.status}`);
    result.replaceChildren(
      h('span', {
        class: 'ok',
        text: wanted
          ? 'Deliveries now carry the API key: triggers prove them by it, without reading the store.'
          : 'Deliveries no longer carry the API key: triggers verify them by reading the record back from the store.',
      }),
    );
  } catch (error) {
    secret.checked = !wanted;
    result.replaceChildren(
      h('span', {
        class: 'bad',
        text: `The switch did not change: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
  } finally {
    secret.disabled = false;
    void refresh();
  }
}

/** Copies the key as a person would from the settings page; says so, or says to select it by hand. */
async function copyKey() {
  const button = /** @type {HTMLButtonElement} */ ($('copy-key'));
  try {
    await navigator.clipboard.writeText($('setting-key').textContent || '');
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Select and copy';
  }
  window.setTimeout(() => (button.textContent = 'Copy'), 2000);
}

/** The admin API's `situation`: what stands in front of the store from now on. */
async function switchSituation() {
  const select = /** @type {HTMLSelectElement} */ ($('situation'));
  const situation = select.value === '' ? null : select.value;
  const result = $('result');
  try {
    const response = await fetch('/sandbox/v1/config', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ situation }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer && answer.message ? answer.message : `HTTP ${response.status}`);
    result.replaceChildren(
      h('span', {
        class: 'ok',
        text: situation
          ? `In front of the store now: ${select.selectedOptions[0]?.textContent}.`
          : 'A healthy site again.',
      }),
    );
  } catch (error) {
    result.replaceChildren(
      h('span', {
        class: 'bad',
        text: `The situation did not change: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
  }
}

async function start() {
  $('copy-key').addEventListener('click', () => void copyKey());
  $('situation').addEventListener('change', () => void switchSituation());
  getJson('/sandbox/v1/config')
    .then((config) => {
      /** @type {HTMLSelectElement} */ ($('situation')).value = config.situation ?? '';
    })
    .catch(() => undefined);
  $('secret-switch').addEventListener('change', () => void switchSecret());
  $('product').addEventListener('change', renderPlans);
  $('event-groups').addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('button[data-event]') : null;
    if (target instanceof HTMLButtonElement) void fire(target);
  });
  $('fire-form').addEventListener('submit', (event) => event.preventDefault());
  try {
    catalog = await getJson('/sandbox/v1/catalog');
    renderCatalog();
  } catch (error) {
    $('offline').hidden = false;
    $('offline').textContent =
      `Could not load the store's products (${error instanceof Error ? error.message : String(error)}).`;
  }
  void refresh();
}

document.addEventListener('DOMContentLoaded', () => void start());
