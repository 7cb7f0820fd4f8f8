/** One place to read time, so tests and services agree on the representation. */
export const nowIso = () => new Date().toISOString();
export const toIso = (ms: number) => new Date(ms).toISOString();
export const epochSeconds = () => Math.floor(Date.now() / 1000);
