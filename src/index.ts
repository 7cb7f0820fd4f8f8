import { createApp } from "./app";
import { runScheduled } from "./cron";
import { consumeQueue } from "./queues";

export { MessageRun } from "./durable-objects/message-run";
export { RateLimiter } from "./durable-objects/rate-limiter";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: consumeQueue,
  scheduled: runScheduled,
} satisfies ExportedHandler<Env>;
