import type { ToolCallRecord } from "../../../db/schema/ai";
import { signedMediaUrl } from "../../media";

/**
 * Generated media in tool call outputs (`output.media[]`) carry a signed URL valid for an hour;
 * the one stored with the call was signed when the step finished. History signs every item afresh
 * as it is read (CONTRACT "Media"), so a page opened tomorrow still plays its video.
 */
export async function resignToolCallMedia<T extends { toolCalls: ToolCallRecord[] | null }>(
  env: Pick<Env, "MEDIA_SIGNING_KEY">,
  message: T,
): Promise<T> {
  if (!message.toolCalls?.some((call) => Array.isArray(call.output?.media))) return message;
  const toolCalls = await Promise.all(
    message.toolCalls.map(async (call) => {
      const media = call.output?.media;
      if (!Array.isArray(media)) return call;
      const signed = await Promise.all(
        media.map(async (item: unknown) =>
          item && typeof item === "object" && typeof (item as { id?: unknown }).id === "string"
            ? { ...item, url: await signedMediaUrl(env, (item as { id: string }).id) }
            : item,
        ),
      );
      return { ...call, output: { ...call.output, media: signed } };
    }),
  );
  return { ...message, toolCalls };
}
