import { answer, apiClient } from "../lib/client.mjs";
import { DEMO_USER } from "./identity.mjs";

/** The catalogue every deployment serves (CONTRACT "Catalogue"); the seed checks the server has it. */
const BUILT_IN_KEYS = [
  "slack",
  "gmail",
  "google-drive",
  "google-calendar",
  "notion",
  "figma",
  "sql-database",
  "mcp-generic",
];

/** A demo connection waiting for its credentials, so the connectors screen is not empty on first look. */
export const DEMO_INSTANCE = {
  connectorKey: "sql-database",
  displayName: "Demo database",
  scope: "personal",
  config: {},
};

/** Checks the built-in catalogue and creates the demo instance if the demo user has none of that name; safe to run again. */
export async function seed({ origin }) {
  const login = await answer(
    apiClient(origin).POST("/api/v1/auth/login", { body: { email: DEMO_USER.email, password: DEMO_USER.password } }),
  );
  if (login.status !== 200) throw new Error(`demo login failed: ${JSON.stringify(login.body)}`);
  const demo = apiClient(origin, login.body.data.accessToken);

  const catalogue = await answer(demo.GET("/api/v1/connectors"));
  const keys = new Set((catalogue.body?.data ?? []).map((definition) => definition.key));
  const missing = BUILT_IN_KEYS.filter((key) => !keys.has(key));
  if (catalogue.status !== 200 || missing.length)
    throw new Error(`the connector catalogue is incomplete (missing: ${missing.join(", ") || "?"})`);

  const instances = await answer(demo.GET("/api/v1/connectors/instances", { params: { query: { limit: 100 } } }));
  if (instances.status !== 200)
    throw new Error(`listing the demo user's connectors failed: ${JSON.stringify(instances.body)}`);
  if (instances.body.data.some((instance) => instance.displayName === DEMO_INSTANCE.displayName)) return;
  const created = await answer(demo.POST("/api/v1/connectors/instances", { body: DEMO_INSTANCE }));
  if (created.status !== 201) throw new Error(`creating the demo connector failed: ${JSON.stringify(created.body)}`);
}
