// The MCP gateway's domain: the connector tools and the assistant's capabilities served to MCP
// clients (routes.ts, mounted by the app). It composes the connectors and ai domains and is used
// by none: its public face names only what the protocol speaks.
export { SUPPORTED_PROTOCOL_VERSIONS } from "./protocol";
