/** The connectors domain's public face for other domains (the AI assistant's tool source, later the queue consumer and cron). */
export { executeTool, type Actor } from "./execute";
export { connectorRoutes } from "./routes";
