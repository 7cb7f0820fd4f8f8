import { expect } from "vitest";
import { outboundFetch } from "../../../src/domains/connectors/adapters/outbound";
import { AdapterError, type AdapterContext, type CredType } from "../../../shared/connectors/adapter-port";
import { call, type TestUser } from "../../helpers/api";

/** An adapter context as the connectors domain builds it: opened credentials and the guarded fetch. */
export function adapterContext(options: {
  credType: CredType;
  values: Record<string, string>;
  config?: Record<string, unknown>;
  allowList?: string[];
  fetch?: typeof fetch;
}): AdapterContext {
  return {
    credentials: { credType: options.credType, values: options.values },
    config: options.config ?? {},
    fetch: outboundFetch({ allowList: options.allowList ?? [], fetch: options.fetch }),
    signal: new AbortController().signal,
  };
}

/** The AdapterError a promise rejects with (fails the test when it resolves or throws something else). */
export async function adapterError(promise: Promise<unknown>): Promise<AdapterError> {
  const error = await promise.then(
    () => {
      throw new Error("expected an AdapterError, but the call succeeded");
    },
    (reason: unknown) => reason,
  );
  if (!(error instanceof AdapterError)) throw error;
  return error;
}

/** An instance of `connectorKey` with its credentials stored, through the API as a user wires it. */
export async function instanceOf(
  user: TestUser,
  connectorKey: string,
  config: Record<string, unknown>,
  credentials: { credType: string; credentials: Record<string, string> },
) {
  const as = { token: user.accessToken };
  const created = await call("POST", "/connectors/instances", {
    ...as,
    body: { connectorKey, displayName: connectorKey, config },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  expect((await call("POST", `/connectors/instances/${id}/credentials`, { ...as, body: credentials })).status).toBe(
    200,
  );
  return { id, as };
}
