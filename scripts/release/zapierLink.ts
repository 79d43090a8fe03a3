/**
 * `zapier-platform push` uploads to the integration named by `id` in zapier/.zapierapprc. That id is
 * written there once by `zapier-platform register` (a new integration) or `link` (an existing one);
 * until a maintainer has done so, a Zapier release cannot go anywhere.
 */
export function zapierLinkProblems(rc: unknown): string[] {
  const id = rc && typeof rc === 'object' && 'id' in rc ? rc.id : undefined;
  if (typeof id === 'number' && Number.isInteger(id) && id > 0) return [];
  return [
    'zapier/.zapierapprc names no Zapier integration (no "id"): run `npx zapier-platform register` (or `link`) in zapier/ once and commit the file',
  ];
}
