/**
 * The store every unit test talks to, defined once for the shared, Zapier and n8n kits: a fake key
 * (every test that sees an error checks it never leaks), the store's origin and its REST root.
 */
export const KEY = 'test-key-4f9a2c7e1b';
export const HOST = 'shop.example.com';
export const ORIGIN = `https://${HOST}`;
export const ROOT = '/wp-json/sc/v1';
