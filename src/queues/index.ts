import { logError } from "../lib/log";

/**
 * Queue dispatch by queue name. A message of a queue nobody consumes yet is retried and ends in
 * the dead-letter queue, never silently dropped.
 */
type Consumer = (batch: MessageBatch, env: Env) => Promise<void>;

export const QUEUE_CONSUMERS: Record<string, Consumer> = {};

export async function consumeQueue(batch: MessageBatch, env: Env) {
  const consumer = QUEUE_CONSUMERS[batch.queue];
  if (!consumer) {
    logError(env, { queue: batch.queue, error: "no consumer", messages: batch.messages.length });
    batch.retryAll();
    return;
  }
  await consumer(batch, env);
}
