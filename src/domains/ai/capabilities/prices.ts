import { CAPABILITY_PROVIDERS } from "./providers/registry";

/**
 * USD per cost unit beside model tokens (CONTRACT "Usage"): list prices at the time of writing,
 * estimates rather than invoices. A unit missing here has no price, and makes the cost null. Each
 * provider's units are priced in its definition (`prices`, with where each price comes from).
 */
export const UNIT_PRICES: Readonly<Record<string, number>> = {
  ...CAPABILITY_PROVIDERS.unitPrices,
  // Pages are read by the Worker itself: no provider bills them.
  "page.read": 0,
};
