// Summary statistics for the benchmarks.

/** The nearest-rank percentile (p in 0..100) of a list of numbers. */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export const median = (values) => percentile(values, 50);
