-- Client ID Metadata Documents (CONTRACT "Capabilities over MCP"; docs/oauth.md): a client whose
-- client_id is the URL of its metadata document gets a row in oauth_clients when it starts a flow,
-- since flows, grants and consents reference clients. Such a client has no partner, but
-- oauth_clients.partner_key_id is NOT NULL, and making it nullable needs a rebuild of the table,
-- which would cascade into every flow, grant and consent (D1 ignores PRAGMA foreign_keys=OFF).
-- So those rows name this key instead: revoked from the start, no scopes, and a key_hash that is
-- not a SHA-256 hex digest, so no presented key can ever match it.
INSERT INTO `partner_keys` (`id`, `name`, `key_hash`, `scopes`, `created_at`, `revoked_at`)
VALUES (
	'client-metadata-documents',
	'Client ID Metadata Documents (not a key: the owner of clients identified by their metadata URL)',
	'none:client-metadata-documents',
	'[]',
	'2026-11-27T00:00:00.000Z',
	'2026-11-27T00:00:00.000Z'
)
ON CONFLICT (`id`) DO NOTHING;
