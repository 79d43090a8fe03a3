import type { RouteContext, RouteDef } from '../router';
import { indexFields } from '../format/zone';
import type { SandboxState } from '../state';
import { indexListsApi, indexNamespaces, indexWordPressRoutes } from '../situations';

/** WordPress's REST index (`/wp-json/`) and namespace index (`/wp-json/sc/v1`), which clients use to find the API. */
export function discoveryRoutes(served: (state: SandboxState) => RouteDef[]): RouteDef[] {
  const describe = (ctx: RouteContext): Record<string, unknown> =>
    Object.fromEntries(
      served(ctx.state).map((def) => [
        def.path,
        { namespace: 'sc/v1', methods: def.methods, endpoints: [{ methods: def.methods, args: {} }] },
      ]),
    );
  return [
    {
      path: '/',
      methods: ['GET'],
      handler: (ctx) => ({
        status: 200,
        body: {
          name: 'Sandbox Store',
          description: 'A local Studiocart store emulator',
          url: ctx.links.site,
          home: ctx.links.site,
          // Settings → General: public in every WordPress index, no key (docs/dates.md).
          ...indexFields(ctx.state.store.zone, ctx.state.store.now),
          namespaces: indexNamespaces(ctx.state.situation),
          authentication: [],
          routes: {
            ...indexWordPressRoutes(ctx.state.situation),
            ...(indexListsApi(ctx.state.situation) ? describe(ctx) : {}),
          },
        },
      }),
    },
    {
      path: '/sc/v1',
      methods: ['GET'],
      handler: (ctx) => ({ status: 200, body: { namespace: 'sc/v1', routes: describe(ctx) } }),
    },
  ];
}
