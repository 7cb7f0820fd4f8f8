// The Worker as the tests run it: the app's own entry, with a MessageRun host whose runs are built
// with the deployment's tool source plus the tools a test file offers (the composition root is the
// host: production composes `runToolSource`, the tests compose theirs). Each test file runs in its
// own isolate, so what one file offers never reaches another's runs.
import { combineToolSources, type ToolSource } from "../src/domains/ai";
import { MessageRun as AppMessageRun } from "../src/durable-objects/message-run";
import worker from "../src/index";

export { Conversation, RateLimiter } from "../src/index";
export default worker;

const offered = new Set<ToolSource>();

/** Offers `source`'s tools to the runs this test file starts; returns the way to withdraw them. */
export function offerTestTools(source: ToolSource): () => void {
  offered.add(source);
  return () => offered.delete(source);
}

const testTools: ToolSource = { tools: (context) => combineToolSources(...offered).tools(context) };

export class MessageRun extends AppMessageRun {
  protected override toolSource(deployment: ToolSource): ToolSource {
    return combineToolSources(deployment, testTools);
  }
}
