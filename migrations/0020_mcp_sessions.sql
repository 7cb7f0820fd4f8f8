-- The MCP sessions (issue 39, CONTRACT "Capabilities over MCP"): each user's capability calls from
-- one MCP client are recorded in one session, found or created by a conditional insert on this
-- index. Existing sessions keep NULL (not an MCP session) and are untouched.
ALTER TABLE `ai_sessions` ADD `mcp_client` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `ai_sessions_user_mcp_client_idx` ON `ai_sessions` (`user_id`,`mcp_client`) WHERE "ai_sessions"."mcp_client" IS NOT NULL;
