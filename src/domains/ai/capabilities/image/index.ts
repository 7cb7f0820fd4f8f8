import { createDb } from "../../../../db/client";
import { openMedia, ownedMediaAmong } from "../../../media";
import { mediaCap } from "../media-caps";
import { storeGenerated, writeMediaAnswer, type StoredMediaItem } from "../media-output";
import { CAPABILITY_PROVIDERS } from "../providers/registry";
import { retriedInStep } from "../retry";
import { CapabilityError, type Capability, type CapabilityContext } from "../types";

/** The image `activeImageId` names, from R2; it was checked at send, so a failure here means it was deleted since. */
async function imageToEdit(context: CapabilityContext, id: string) {
  const [row] = await ownedMediaAmong(createDb(context.env.DB), context.spec.userId, [id.toLowerCase()]);
  const object = row?.kind === "image" ? await openMedia(context.env, row.id) : null;
  if (!row || !object) throw new CapabilityError("The image to edit (activeImageId) no longer exists");
  return { bytes: new Uint8Array(await object.arrayBuffer()), mimeType: row.mimeType };
}

const MADE_KEY = "image:made";

/**
 * `ai.image.generate`: one `image.generate` step that asks the provider for each image in turn
 * (429/5xx retried), copies it into R2 as it arrives and shows it at once as partial output
 * (`media[]`), so a stop or a later failure keeps the images already made. The items made are also
 * kept in the object's storage: a run resumed after an eviction does not make them again.
 */
export const imageGenerate: Capability = {
  key: "ai.image.generate",
  async run(context) {
    const { provider, access } = CAPABILITY_PROVIDERS.open(context.env, "image", context.provider);
    const prompt = context.spec.prompt.trim();
    const { request } = provider.request(context.parameters, prompt);
    const subject = provider.name;
    const plural = request.count === 1 ? "image" : "images";
    const activity = (made: number) => ({
      title: `Generating ${request.count} ${plural}`,
      detail: `${made} of ${request.count} ready`,
      status: "generating",
      subject,
    });
    const result = await context.steps.run<StoredMediaItem[]>(
      { id: "image-1", toolKey: "image.generate", input: { prompt, ...context.parameters }, activity: activity(0) },
      async (step) => {
        const source = request.activeImageId ? await imageToEdit(context, request.activeImageId) : undefined;
        const call = { ...access, signal: step.signal, fetch: context.fetch };
        const media = context.store.get<StoredMediaItem[]>(MADE_KEY) ?? [];
        if (media.length) step.progress(activity(media.length), { media });
        while (media.length < request.count) {
          const image = await retriedInStep(context, step, activity(media.length), async () => {
            const made = await provider.generate({ request, source, maxBytes: mediaCap(context.env, "image") }, call);
            context.unit(provider.unit(request), 1);
            return made;
          });
          // The bytes decide the type (a PNG, JPEG, WebP or GIF, else nothing is stored), and the
          // header the dimensions where it has them.
          media.push(
            await storeGenerated(context, {
              kind: "image",
              provider: subject,
              body: image.bytes,
              ...(request.width ? { width: request.width, height: request.height } : {}),
            }),
          );
          context.store.put(MADE_KEY, media);
          step.progress(activity(media.length), { media });
        }
        return { output: { media }, data: media };
      },
    );
    const made = result.data ?? [];
    const sizes = made.map((item) => (item.width ? `${item.width}x${item.height}` : item.mimeType)).join(", ");
    await writeMediaAnswer(
      context,
      `${made.length} ${made.length === 1 ? "image" : "images"} (${sizes}) by ${subject} for "${prompt.slice(0, 300)}"${request.activeImageId ? ", editing an earlier image" : ""}.`,
    );
  },
};
