import type { Links } from './addressing';
import { noRoute } from './errors';
import type { ApiRequest } from './http/incoming';
import type { ApiResponse } from './http/outgoing';
import type { SandboxState } from './state';

export interface RouteContext {
  request: ApiRequest;
  state: SandboxState;
  links: Links;
}

type RouteHandler = (ctx: RouteContext, params: Record<string, string>) => ApiResponse | Promise<ApiResponse>;

export interface RouteDef {
  /** As WordPress lists it in the REST index, e.g. `/sc/v1/orders/(?P<id>[\d]+)`. */
  path: string;
  methods: readonly string[];
  handler: RouteHandler;
  /** Routes that only some stores serve (webhook/zap-delete). */
  servedWhen?: (state: SandboxState) => boolean;
}

/** WordPress route patterns (`(?P<id>[\d]+)`) as anchored, case-insensitive JS expressions. */
function compile(path: string): RegExp {
  return new RegExp(`^${path.replace(/\(\?P</g, '(?<')}$`, 'i');
}

export class Router {
  private readonly compiled: { def: RouteDef; pattern: RegExp }[];

  constructor(readonly routes: readonly RouteDef[]) {
    this.compiled = routes.map((def) => ({ def, pattern: compile(def.path) }));
  }

  served(state: SandboxState): RouteDef[] {
    return this.routes.filter((def) => !def.servedWhen || def.servedWhen(state));
  }

  /** Like WordPress, a route that exists but not for this method is still `rest_no_route`. */
  async dispatch(ctx: RouteContext): Promise<ApiResponse> {
    for (const { def, pattern } of this.compiled) {
      if (def.servedWhen && !def.servedWhen(ctx.state)) continue;
      const match = pattern.exec(ctx.request.route);
      if (!match || !def.methods.includes(ctx.request.method)) continue;
      return def.handler(ctx, { ...match.groups });
    }
    throw noRoute();
  }
}
