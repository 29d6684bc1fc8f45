import type { RoutingApi } from '../api-types.ts';
import type { WorkerContext } from '../context.ts';

export function routingApi(_ctx: WorkerContext): RoutingApi {
  const notYet = async (): Promise<never> => {
    throw new Error('Routing is not available yet');
  };
  return { resolveRoute: notYet, pushNavPath: notYet, previousNavPath: notYet, dropNavPath: notYet };
}
