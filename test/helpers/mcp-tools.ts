/** The capability tools the MCP gateway lists where every capability can run (docs/mcp.md), in its order. */
export const CAPABILITY_TOOLS = [
  "web_search",
  "deep_research",
  "generate_image",
  "generate_video",
  "generate_music",
  "get_result",
];
