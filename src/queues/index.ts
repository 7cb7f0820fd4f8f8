import { createDb } from "../db/client";
import { deliverToolResult, reportToolProgress } from "../domains/ai";
import { processToolCall, type CallProgress, type SettledCall } from "../domains/connectors";
import { describeError, logError } from "../lib/log";

/**
 * Queue dispatch by queue name. A message of a queue nobody consumes is retried and ends in the
 * dead-letter queue, never silently dropped.
 */
type Consumer = (batch: MessageBatch, env: Env) => Promise<void>;

/**
 * A settled call's result goes to the run that waits for it. A run that is gone (or a result that
 * arrives twice) is no reason to run the call again, so a failed hand-off is logged, not retried.
 */
async function handToRun(env: Env, { messageId, callId, result }: SettledCall) {
  try {
    await deliverToolResult(env, messageId, callId, result);
  } catch (error) {
    logError(env, { queue: "tool-executions", callId, messageId, ...describeError(error) });
  }
}

/** A retry shown on the call in its run; like a hand-off, a failure to show it is logged, nothing more. */
async function showRetry(env: Env, { messageId, callId, detail }: CallProgress) {
  try {
    await reportToolProgress(env, messageId, callId, detail);
  } catch (error) {
    logError(env, { queue: "tool-executions", callId, messageId, ...describeError(error) });
  }
}

/** The messages of a batch are independent calls: they run side by side, each acked or retried on its own. */
async function consumeToolExecutions(batch: MessageBatch, env: Env) {
  const db = createDb(env.DB);
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        const disposition = await processToolCall(db, env, message.body, message.attempts);
        if (disposition.settled) await handToRun(env, disposition.settled);
        if (disposition.action === "ack") message.ack();
        else {
          if (disposition.progress) await showRetry(env, disposition.progress);
          message.retry({ delaySeconds: disposition.delaySeconds });
        }
      } catch (error) {
        logError(env, { queue: batch.queue, ...describeError(error) });
        message.retry();
      }
    }),
  );
}

const QUEUE_CONSUMERS: Record<string, Consumer> = {
  "tool-executions": consumeToolExecutions,
};

export async function consumeQueue(batch: MessageBatch, env: Env) {
  const consumer = QUEUE_CONSUMERS[batch.queue];
  if (!consumer) {
    logError(env, { queue: batch.queue, error: "no consumer", messages: batch.messages.length });
    batch.retryAll();
    return;
  }
  await consumer(batch, env);
}
