import { translate, type ConnectorLocale, type Translations } from "../locale";
import {
  AdapterError,
  type AdapterContext,
  type ConnectorAdapter,
  type HealthResult,
  type JsonSchema,
  type ToolDescriptor,
  type ToolResult,
} from "../../../../../shared/connectors/adapter-port";

/**
 * The fixed tool list of a built-in SaaS adapter, each tool with its texts in every locale and the
 * function that runs it. `saasAdapter` turns such a list into the port (English descriptors for
 * `sync-tools`; `toolText` gives the translations for the tool list's `locale`).
 */
export interface ToolText {
  displayName: string;
  description: string;
}

export interface SaasTool {
  toolKey: string;
  /** All five locales are written out (CONTRACT.md: en, de, fr, es, ja). */
  texts: Record<ConnectorLocale, ToolText>;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  requiresApproval: boolean;
  /** Derived from the provider's documented limit for the method; null where no per-user limit bites. */
  rateLimitRpm: number | null;
  run(input: Record<string, unknown>, context: AdapterContext): Promise<ToolResult>;
}

export interface SaasAdapter extends ConnectorAdapter {
  tools: readonly SaasTool[];
  /** displayName/description of one tool in `locale`; null for a tool this adapter does not have. */
  toolText(toolKey: string, locale: string | null | undefined): ToolText | null;
}

const descriptorOf = (tool: SaasTool): ToolDescriptor => ({
  toolKey: tool.toolKey,
  displayName: tool.texts.en.displayName,
  description: tool.texts.en.description,
  inputSchema: tool.inputSchema,
  outputSchema: tool.outputSchema,
  requiresApproval: tool.requiresApproval,
  rateLimitRpm: tool.rateLimitRpm,
});

export function saasAdapter(
  tools: readonly SaasTool[],
  healthCheck: (context: AdapterContext) => Promise<HealthResult>,
): SaasAdapter {
  const byKey = new Map(tools.map((tool) => [tool.toolKey, tool]));
  return {
    tools,
    listTools: async () => tools.map(descriptorOf),
    async execute(toolKey, input, context) {
      const tool = byKey.get(toolKey);
      if (!tool) throw new AdapterError("unknown_tool", `This connector has no tool "${toolKey}"`);
      return tool.run(input, context);
    },
    async healthCheck(context) {
      try {
        return await healthCheck(context);
      } catch (error) {
        // The test endpoint reports an unreachable or garbled provider as a failed check.
        if (error instanceof AdapterError) return { ok: false, message: error.message };
        throw error;
      }
    },
    toolText(toolKey, locale) {
      const tool = byKey.get(toolKey);
      return tool ? translate(locale, tool.texts as Translations<ToolText>) : null;
    },
  };
}
