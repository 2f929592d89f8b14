import { ApiError } from "./errors.ts";

export const DEFAULT_BODY_LIMIT = Number(process.env.API_BODY_LIMIT_BYTES) || 1_048_576;

/** Reads a JSON body with a size cap: 415 when it is not JSON, 413 when too large, 400 when malformed. */
export async function readJsonBody(request: Request, limitBytes = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new ApiError("UnsupportedMediaType", "Content-Type must be application/json");
  }
  const text = await readTextWithLimit(request, limitBytes);
  if (!text.trim()) throw new ApiError("BadRequest", "Invalid parameters: the body is empty");
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("BadRequest", "Invalid parameters: the body is not valid JSON");
  }
}

export async function readTextWithLimit(request: Request, limitBytes: number): Promise<string> {
  const bytes = await readBytesWithLimit(request, limitBytes);
  return Buffer.from(bytes.buffer, 0, bytes.byteLength).toString("utf8");
}

/**
 * The raw body, refused once it is larger than `limitBytes`: on the declared Content-Length first, then on the bytes
 * actually read (a client may lie or stream). `tooLargeError` lets callers word the 413 for what they accept.
 */
export async function readBytesWithLimit(
  request: Request,
  limitBytes: number,
  tooLargeError: () => ApiError = () => tooLarge(limitBytes),
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLargeError();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => {});
      throw tooLargeError();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const tooLarge = (limit: number) => new ApiError("PayloadTooLarge", `The body is larger than ${limit} bytes`);
