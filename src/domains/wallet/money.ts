/** The wallet counts integer micro-USD (1e-6 USD): sums of integers are exact, sums of floats drift. */
const MICROS_PER_USD = 1_000_000;

export const usdToMicros = (usd: number) => Math.round(usd * MICROS_PER_USD);
export const microsToUsd = (micros: number) => micros / MICROS_PER_USD;
