// The wallet domain's public face: what other domains may use (billing credits top-ups, the AI
// run's end debits its cost).
export { ledgerStatements, type LedgerEntry } from "./ledger";
export { debitRunCost, type RunCost } from "./usage";
export { microsToUsd, usdToMicros } from "./money";
