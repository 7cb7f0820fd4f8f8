// Types of identity.mjs (plain ESM run by node).
export const DEMO_USER: { email: string; password: string; name: string; username: string };
export const DEMO_ENTITLEMENTS: string[];
export function seed(options: { origin: string; adminToken: string | undefined }): Promise<void>;
