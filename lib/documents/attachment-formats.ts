// The file formats an instance may take as attachments, from every sender (staff, integrations, the customer's
// tracking page). Judged by content (lib/documents/server/sniff-file.ts); each instance keeps a subset of them
// (Instance.attachmentFormats, `npm run cli -- instance formats`). Shared: the browser may import it.

/** Every format the server knows how to check from first byte to last, by its stored extension. */
export const ATTACHMENT_FORMATS = ["pdf", "jpg", "png", "webp", "heic", "heif"] as const;
export type AttachmentFormat = (typeof ATTACHMENT_FORMATS)[number];

/** What people call them, for messages ("Envie PDF, JPEG ou PNG"). */
export const ATTACHMENT_FORMAT_LABELS: Record<AttachmentFormat, string> = {
  pdf: "PDF",
  jpg: "JPEG",
  png: "PNG",
  webp: "WebP",
  heic: "HEIC",
  heif: "HEIF",
};

export const isAttachmentFormat = (value: string): value is AttachmentFormat =>
  (ATTACHMENT_FORMATS as readonly string[]).includes(value);

/** "PDF, JPEG, PNG" for an instance's list, in the catalogue's order. */
export const attachmentFormatList = (formats: readonly string[]) =>
  ATTACHMENT_FORMATS.filter((format) => formats.includes(format))
    .map((format) => ATTACHMENT_FORMAT_LABELS[format])
    .join(", ");
