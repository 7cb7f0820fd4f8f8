/**
 * Locales the connectors domain translates into (CONTRACT.md "Connectors": at least en, de, fr,
 * es, ja). A BCP 47 tag falls back to its language (`de-AT` -> `de`), anything unknown to `en`.
 */
export const CONNECTOR_LOCALES = ["en", "de", "fr", "es", "ja"] as const;
export type ConnectorLocale = (typeof CONNECTOR_LOCALES)[number];

/** A translation table: English is required (it is the fallback), the rest may be missing. */
export type Translations<T> = { en: T } & Partial<Record<ConnectorLocale, T>>;

const isLocale = (value: string): value is ConnectorLocale => (CONNECTOR_LOCALES as readonly string[]).includes(value);

/** `de-AT` -> `de`, `ja_JP` -> `ja`, `EN` -> `en`; empty or unknown -> `en`. */
export function resolveLocale(tag: string | null | undefined): ConnectorLocale {
  const language = (tag ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return isLocale(language) ? language : "en";
}

/** The entry of `table` for `locale` (resolved as above), else the English one. */
export function translate<T>(locale: string | null | undefined, table: Translations<T>): T {
  return table[resolveLocale(locale)] ?? table.en;
}
