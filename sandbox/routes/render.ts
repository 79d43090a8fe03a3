import type { MoneyUnit } from '../format/money';
import type { RenderContext } from '../format/context';
import type { RouteContext } from '../router';

/** REST resources follow the store's money setting; webhook answers and payloads choose their own. */
export function renderContext(ctx: RouteContext, unit?: MoneyUnit): RenderContext {
  return {
    store: ctx.state.store,
    links: ctx.links,
    unit: unit ?? (ctx.state.deviations.centsInRest ? 'cents' : 'decimal'),
  };
}
