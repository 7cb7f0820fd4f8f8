import { routerGroupOf } from "./lib/origin";

export { Conversation } from "./durable-objects/conversation";
export { MessageRun } from "./durable-objects/message-run";
export { RateLimiter } from "./durable-objects/rate-limiter";

/**
 * The Worker. Its module's top level builds nothing: each entry point imports its code on first
 * use, the fetch handler one router group at a time (app.ts), so the startup every cold isolate
 * pays stays small and a cold request builds only the routers it needs (docs/performance.md).
 */
export default {
  async fetch(request, env, ctx) {
    // A separate status host is rewritten onto the status routes first (loaded only where configured).
    const routed = env.STATUS_URL
      ? (await import("./domains/status")).routeStatusHost(request, env.STATUS_URL)
      : request;
    const { appForGroup } = await import("./app");
    const app = await appForGroup(routerGroupOf(new URL(routed.url).pathname));
    return app.fetch(routed, env, ctx);
  },
  queue: async (batch, env) => (await import("./queues")).consumeQueue(batch, env),
  scheduled: async (controller, env) => (await import("./cron")).runScheduled(controller, env),
} satisfies ExportedHandler<Env>;
