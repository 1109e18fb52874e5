import type { BodyLimitConfig } from '../admit/body-limits.js';
import type { BudgetSizingScope } from '../accounting/budget-sizing.js';
import type { GatewayConfig } from '../config/config-schema.js';
import type { Gateway } from '../gateway.js';
import type { MediaScope } from '../services/remote-media-step.js';

/*
 * What each route factory may touch, as slices of the assembled gateway: the composition root
 * hands the whole gateway, each factory's signature names the pieces it reads.
 */

type Ops = Gateway['ops'];

/** A route that resolves the model a request names. */
export interface ModelResolving {
  router: Pick<Gateway['router'], 'resolve'>;
}

/** The model list: every route, the providers' adapters (capabilities, owners), and the logger (failed listings). */
export interface ModelCatalog {
  router: Pick<Gateway['router'], 'resolve' | 'routes'>;
  providers: Gateway['providers'];
  ops: { runtime: Pick<Ops['runtime'], 'logger'> };
}

/** A token-counting route: its body limit and the router. */
export type CountTokensScope = ModelResolving & { config: BodyLimitConfig };

/** A service call (images, audio, embeddings, rerank): the body limits, the upstream body cap, the router, the call ops. */
export type ServiceScope = ModelResolving & {
  config: BodyLimitConfig & { server: Pick<GatewayConfig['server'], 'maxUpstreamBodyBytes'> };
  ops: Pick<Ops, 'call'>;
};

/**
 * A generation route: the body limit, the forwarded-media and compaction settings, the router,
 * the budget holds, the remote-media step, the call ops, the logger, the tracer, the response cache,
 * the ledger, and the MCP servers and bounds of the tool loop.
 */
export type GenerationScope = ModelResolving &
  BudgetSizingScope &
  MediaScope & {
    config: BodyLimitConfig & {
      server: Pick<GatewayConfig['server'], 'maxUpstreamBodyBytes'>;
      responses: Pick<GatewayConfig['responses'], 'compaction'>;
      mcp: Pick<GatewayConfig['mcp'], 'loop' | 'limits'>;
    };
    ops: { call: Ops['call']; runtime: Pick<Ops['runtime'], 'logger' | 'tracer' | 'responseCache' | 'ledger'> };
    /** The MCP servers the tool loop inside model requests calls (`mcp-loop/`). */
    mcp?: Gateway['mcp'];
  };

/** Stored responses: the state store, the Responses settings, and the providers that hold forwarded responses. */
export type ResponsesScope = GenerationScope & {
  config: Pick<GatewayConfig, 'responses'>;
  providers: Gateway['providers'];
};

/** The route tables of one style: generation, counting, services and the model list. */
export type StyleRoutesScope = GenerationScope & CountTokensScope & ServiceScope & ModelCatalog;
