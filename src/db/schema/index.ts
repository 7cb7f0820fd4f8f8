// Every table, one file per domain. drizzle-kit reads this file to generate migrations/.
export * from "./identity";
export * from "./notifications";
export * from "./oauth";
export * from "./status";
export * from "./ai";
export * from "./billing";
export * from "./connectors";
export * from "./media";
