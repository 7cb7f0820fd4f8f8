import { routerGroupOf } from "./lib/origin";

export { MessageRun } from "./durable-objects/message-run";
export { RateLimiter } from "./durable-objects/rate-limiter";

type GroupApp = Awaited<ReturnType<typeof import("./app").loadGroupApp>>;

/** Each router group's app, built on the group's first request and kept for the isolate's life. */
const groupApps = new Map<string, Promise<GroupApp>>();

function groupApp(group: string): Promise<GroupApp> {
  let app = groupApps.get(group);
  if (!app) {
    app = import("./app").then((module) => module.loadGroupApp(group));
    groupApps.set(group, app);
    // A failed load is tried again by the next request rather than kept.
    app.catch(() => groupApps.delete(group));
  }
  return app;
}

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
    const app = await groupApp(routerGroupOf(new URL(routed.url).pathname));
    return app.fetch(routed, env, ctx);
  },
  queue: async (batch, env) => (await import("./queues")).consumeQueue(batch, env),
  scheduled: async (controller, env) => (await import("./cron")).runScheduled(controller, env),
} satisfies ExportedHandler<Env>;
