import type { Db } from "../../../../db/client";
import { badRequest } from "../../../../lib/errors";
import { isUuid } from "../../../../lib/ids";
import { ownedMediaAmong } from "../../../media";

/**
 * `activeImageId` must be an image media item of the sender (uploaded or generated), else a 400
 * field error, checked at send before any allowance is spent. Another user's item reads as none.
 */
export async function assertEditableImage(db: Db, userId: string, parameters: Record<string, unknown>) {
  const id = parameters.activeImageId;
  if (typeof id !== "string") return;
  const [row] = isUuid(id) ? await ownedMediaAmong(db, userId, [id.toLowerCase()]) : [];
  if (row?.kind !== "image") {
    throw badRequest([
      { field: "activeImageId", capabilityKey: "ai.image.generate", message: "is not one of your images" },
    ]);
  }
}
