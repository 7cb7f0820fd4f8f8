// Stands in for zod's `locales` index in the Worker bundle (wrangler.toml `[alias]`, which says why).
// English, zod's default, is imported by zod's schemas directly and stays; `z.locales` is empty.
export {};
