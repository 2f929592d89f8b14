import { readBytesWithLimit } from "./body.ts";
import { ApiError, badRequest } from "./errors.ts";
import { config } from "../config/index.ts";

// Room for the multipart framing (boundaries, part headers) around the one file we accept.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The largest attachment accepted, in bytes (ATTACHMENT_MAX_BYTES, default 10 MB). */
export function attachmentMaxBytes(): number {
  return config("ATTACHMENT_MAX_BYTES");
}

export type UploadedFile = {
  /** Display text only: the sender's name for the file, sanitised (safeFileName). */
  fileName: string;
  /** The sender's declared type: their word only (attachments are typed by their content, accept-uploaded-file.ts). */
  mediaType: string;
  bytes: Uint8Array<ArrayBuffer>;
};

// The rest of an oversized body is not read: closing the connection keeps a client from reusing a socket that
// still carries it.
const tooLarge = (limit: number) =>
  new ApiError("PayloadTooLarge", `The file is larger than ${limit} bytes`, { headers: { connection: "close" } });

/**
 * The `file` part of a multipart/form-data upload. The size is checked before parsing, on the declared
 * Content-Length and on the bytes actually read (a client may lie or stream), and again on the file itself.
 */
export async function readUploadedFile(request: Request, limitBytes = attachmentMaxBytes()): Promise<UploadedFile> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type.trim())) {
    throw new ApiError("UnsupportedMediaType", "Content-Type must be multipart/form-data");
  }
  const bodyLimit = limitBytes + MULTIPART_OVERHEAD_BYTES;
  const raw = await readBytesWithLimit(request, bodyLimit, () => tooLarge(limitBytes));
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { "content-type": type } }).formData();
  } catch {
    throw badRequest("Invalid parameters: the body is not valid multipart/form-data");
  }
  const file = form.get("file");
  if (!(file instanceof File)) {
    throw badRequest("Invalid parameters: a file is required", [{ path: "file", message: "Expected a file" }]);
  }
  if (file.size > limitBytes) throw tooLarge(limitBytes);
  if (file.size === 0)
    throw badRequest("Invalid parameters: the file is empty", [{ path: "file", message: "Empty file" }]);
  return {
    fileName: safeFileName(file.name),
    mediaType: safeMediaType(file.type),
    bytes: new Uint8Array(await file.arrayBuffer()),
  };
}

// Control characters (C0, DEL, C1), bidirectional overrides and isolates (U+202E turns `CNH\u202Efdp.exe` into what
// reads as `CNHexe.pdf`), and invisible format characters (zero-width, word joiner, BOM, soft hyphen).
const UNSAFE_IN_NAMES =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

/**
 * The last path component, without control, bidirectional or invisible characters, at most 200 characters (keeping
 * the extension). Display text: a file is never served under it when the server generated a stored name.
 */
export function safeFileName(name: string): string {
  const base = (name.normalize("NFC").split(/[\\/]/).pop() ?? "")
    .replace(UNSAFE_IN_NAMES, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!base || base === "." || base === "..") return "arquivo";
  if (base.length <= 200) return base;
  const dot = base.lastIndexOf(".");
  const extension = dot > 0 && base.length - dot <= 16 ? base.slice(dot) : "";
  return base.slice(0, 200 - extension.length) + extension;
}

/** The browser's media type when it is a plain `type/subtype`; anything else is served as bytes. */
export function safeMediaType(type: string): string {
  const value = type.split(";")[0]!.trim().toLowerCase();
  return MEDIA_TYPE.test(value) ? value : "application/octet-stream";
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]|["\\%;]/g, "_")
      .trim() || "arquivo";
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
