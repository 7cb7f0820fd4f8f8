// Summary statistics for the benchmarks.

/** The nearest-rank percentile (p in 0..100) of a list of numbers. */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export const median = (values) => percentile(values, 50);

/**
 * The line every benchmark prints first: local tracing (`X_LOCAL_OBSERVABILITY`) slows workerd
 * noticeably, so a figure means little without saying whether it was on.
 */
export const benchEnvironment = () =>
  `local tracing (X_LOCAL_OBSERVABILITY): ${process.env.X_LOCAL_OBSERVABILITY ? "on" : "off"}; node ${process.version}; ${process.env.CI ? "CI" : "local"}`;
