// The media domain's public face: other domains store generated media, present them with a
// freshly signed URL, load a message's attachments, and drop a deleted session's media.
export {
  storeMedia,
  mediaKey,
  presentMedia,
  deleteSessionMedia,
  type MediaItem,
  type MediaKind,
  type MediaRow,
  type StoreMediaInput,
} from "./store";
export { signedMediaUrl } from "./signing";
export { mediaFileName } from "./serving";
export {
  checkAttachmentRows,
  loadAttachments,
  MAX_ATTACHMENTS,
  MAX_RUN_ATTACHMENT_BYTES,
  type AttachedDocument,
  type AttachedImage,
  type LoadedAttachments,
} from "./attachments";
export { ownedMediaAmong, openMedia } from "./store";
export { ATTACHMENT_TEXT_CHARS } from "./pdf-text";
export { sniffImage, imageDimensions, sniffGenerated, GENERATED_TYPES, SNIFF_BYTES } from "./sniff";
