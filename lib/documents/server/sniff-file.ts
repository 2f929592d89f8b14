import "server-only";
import { fileTypeFromBuffer } from "file-type";
import type { AttachmentFormat } from "../attachment-formats.ts";
import { isStructuredPdf } from "./pdf-structure.ts";

// What a sent file really is, from its content alone (the declared type and the file's name are the sender's word and
// decide nothing), for every sender alike: staff, integrations and the customer's tracking page. file-type (a maintained signature database, pure JavaScript) names the format
// from its leading bytes — telling an MP4 from a HEIC photo by the ISO-BMFF brand, for instance; then the whole file
// must be well-formed as that format from first byte to last (a PDF's trailer, a PNG's IEND, a JPEG's end marker,
// a WebP's RIFF length, a HEIF's box chain), so a polyglot that only starts like a PDF is refused; a PDF's syntax is
// checked through its whole frame (pdf-structure.ts), so an HTML body between a PDF header and `%%EOF` is refused too.
// docs/decisions/0043-tracking-page.md.

export type SniffedFile = { mediaType: string; extension: AttachmentFormat };

const ascii = (bytes: Uint8Array, offset: number, text: string) =>
  [...text].every((char, index) => bytes[offset + index] === char.charCodeAt(0));
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u32le = (b: Uint8Array, at: number) =>
  b[at]! + (b[at + 1]! << 8) + (b[at + 2]! << 16) + ((b[at + 3]! << 24) >>> 0);

/** The index after the last byte that is not padding (NUL, space, CR, LF, tab): writers may add some at the end. */
function endWithoutPadding(bytes: Uint8Array): number {
  let end = bytes.length;
  while (end > 0 && [0x00, 0x20, 0x0d, 0x0a, 0x09].includes(bytes[end - 1]!)) end -= 1;
  return end;
}

function isWholePng(bytes: Uint8Array): boolean {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 8 + 25 + 12 || !signature.every((byte, index) => bytes[index] === byte)) return false;
  if (!ascii(bytes, 12, "IHDR")) return false;
  // Walk the chunks: each length + type + data + CRC, ending exactly at the file's end with IEND.
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = u32be(bytes, at);
    const next = at + 12 + length;
    if (next > bytes.length) return false;
    if (ascii(bytes, at + 4, "IEND")) return next === bytes.length;
    at = next;
  }
  return false;
}

function isWholeJpeg(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return false;
  const end = endWithoutPadding(bytes);
  return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
}

function isWholeWebp(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 20 &&
    ascii(bytes, 0, "RIFF") &&
    ascii(bytes, 8, "WEBP") &&
    u32le(bytes, 4) + 8 + (u32le(bytes, 4) % 2) >= bytes.length &&
    u32le(bytes, 4) + 8 <= bytes.length &&
    ["VP8 ", "VP8L", "VP8X"].some((chunk) => ascii(bytes, 12, chunk))
  );
}

/** HEIF stills: ISO-BMFF boxes chained to exactly the file's end, an image brand, a `meta` box and no movie (`moov`). */
function isWholeHeif(bytes: Uint8Array): boolean {
  const IMAGE_BRANDS = ["heic", "heix", "heim", "heis", "mif1"];
  if (bytes.length < 16 || !ascii(bytes, 4, "ftyp")) return false;
  const boxes: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return false;
    const size = u32be(bytes, at);
    if (size < 8 || at + size > bytes.length) return false; // 64-bit and to-the-end sizes are not taken
    boxes.push(String.fromCharCode(...bytes.subarray(at + 4, at + 8)));
    at += size;
  }
  const ftypSize = u32be(bytes, 0);
  const brands: string[] = [];
  for (let offset = 8; offset + 4 <= ftypSize; offset += 4) {
    if (offset === 12) continue; // minor version
    brands.push(String.fromCharCode(...bytes.subarray(offset, offset + 4)));
  }
  return brands.some((brand) => IMAGE_BRANDS.includes(brand)) && boxes.includes("meta") && !boxes.includes("moov");
}

/** The formats any sender may send, by what file-type calls them, with the whole-file check and our extension. */
const KNOWN: Record<string, { check: (bytes: Uint8Array) => boolean; extension: AttachmentFormat; mediaType: string }> =
  {
    "application/pdf": { check: isStructuredPdf, extension: "pdf", mediaType: "application/pdf" },
    "image/png": { check: isWholePng, extension: "png", mediaType: "image/png" },
    "image/jpeg": { check: isWholeJpeg, extension: "jpg", mediaType: "image/jpeg" },
    "image/webp": { check: isWholeWebp, extension: "webp", mediaType: "image/webp" },
    "image/heic": { check: isWholeHeif, extension: "heic", mediaType: "image/heic" },
    "image/heif": { check: isWholeHeif, extension: "heif", mediaType: "image/heif" },
  };

/** The file's real type when it is one of `allowed` and whole; null otherwise. */
export async function sniffFile(bytes: Uint8Array, allowed: readonly string[]): Promise<SniffedFile | null> {
  const detected = await fileTypeFromBuffer(bytes);
  const known = detected ? KNOWN[detected.mime] : undefined;
  if (!known || !allowed.includes(known.extension) || !known.check(bytes)) return null;
  return { mediaType: known.mediaType, extension: known.extension };
}
