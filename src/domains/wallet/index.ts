// The wallet domain's public face: what other domains may use (billing credits top-ups, the AI
// run's end debits its cost, and a run is admitted against the account's monthly spend cap).
export { ledgerStatements, type LedgerEntry } from "./ledger";
export { debitRunCost, type RunCost } from "./usage";
export { microsToUsd, usdToMicros } from "./money";
export {
  admitSpend,
  dropSpendHold,
  settleSpend,
  spendStateOf,
  spendStateQueries,
  type SpendState,
} from "./spend-cap";
