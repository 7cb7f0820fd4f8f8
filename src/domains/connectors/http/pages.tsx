import { PageLayout } from "../../../http/pages";

/** What the connector settings page says for each outcome of the hand-off (never a provider's own words). */
export const OUTCOME_MESSAGES = {
  connected: "The connection is ready. You can close this page.",
  invalid_state:
    "This sign-in link was already used, has expired or belongs to another connector. Start the connection again.",
  access_denied: "Access was not granted. Start the connection again if you want to connect.",
  exchange_failed: "The service did not complete the sign-in. Try again in a moment.",
} as const;

export type Outcome = keyof typeof OUTCOME_MESSAGES;

export function ConnectorOutcomePage(props: { nonce: string; outcome: Outcome; connector: string }) {
  const title = props.outcome === "connected" ? "Connected" : "Connection failed";
  return (
    <PageLayout title={title} nonce={props.nonce}>
      <h1>{props.connector ? `${title}: ${props.connector}` : title}</h1>
      <p role="status">{OUTCOME_MESSAGES[props.outcome]}</p>
    </PageLayout>
  );
}
