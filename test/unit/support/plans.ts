/** The entries a store's plans list (operation 5) can end with: one per purchase kind, named as real stores name them. */
export const BUMP = { id: 'bump', name: 'Purchased as a bump' };
export const UPSELL = { id: 'upsell', name: 'Purchased as an upsell' };
const DOWNSELL = { id: 'downsell', name: 'Purchased as a downsell' };
export const PURCHASE_KINDS = [BUMP, UPSELL, DOWNSELL];
