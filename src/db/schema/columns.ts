import { text } from "drizzle-orm/sqlite-core";

/** Timestamps are ISO 8601 strings (UTC): sortable, and what the API returns. */
export const createdAt = () => text("created_at").notNull();
