import { createApp } from "./app";
import { runScheduled } from "./cron";
import { routeStatusHost } from "./domains/status";
import { consumeQueue } from "./queues";

export { MessageRun } from "./durable-objects/message-run";
export { RateLimiter } from "./durable-objects/rate-limiter";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(routeStatusHost(request, env.STATUS_URL), env, ctx),
  queue: consumeQueue,
  scheduled: runScheduled,
} satisfies ExportedHandler<Env>;
