import { ApiError } from "./errors.ts";
import { findJsonProblem } from "./json-limits.ts";
import { config } from "../config/index.ts";

export const DEFAULT_BODY_LIMIT = config("API_BODY_LIMIT_BYTES");

/** Slowest upload speed served in full: a 10 MB attachment may take ~100 s, a 1 MB JSON body the base 30 s. */
const MIN_BYTES_PER_SECOND = 100_000;

/**
 * How long a body of `bytes` may take to arrive (lib/http/server/slow-body-guard.ts cuts it after that): API_BODY_TIMEOUT_MS
 * (default 30 s), longer only for bodies too large to arrive in that time at MIN_BYTES_PER_SECOND.
 */
export function bodyTimeoutMs(bytes = 0): number {
  return Math.max(config("API_BODY_TIMEOUT_MS"), Math.ceil(bytes / MIN_BYTES_PER_SECOND) * 1000);
}

/**
 * Reads a JSON body with a size cap: 415 when it is not JSON, 413 when too large, 400 when malformed or outside
 * JSON_LIMITS (NUL, lone surrogates, depth, string length, key count).
 */
export async function readJsonBody(
  request: Request,
  limitBytes = DEFAULT_BODY_LIMIT,
  options: { emptyIsObject?: boolean } = {},
): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new ApiError("UnsupportedMediaType", "Content-Type must be application/json");
  }
  const text = await readTextWithLimit(request, limitBytes);
  if (!text.trim()) {
    if (options.emptyIsObject) return {};
    throw new ApiError("BadRequest", "Invalid parameters: the body is empty");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError("BadRequest", "Invalid parameters: the body is not valid JSON");
  }
  const problem = findJsonProblem(value);
  if (problem) throw new ApiError("BadRequest", problem.message, { errors: problem.errors });
  return value;
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
