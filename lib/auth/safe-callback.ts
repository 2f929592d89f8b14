// Where to go after signing in: only a path of this site. Browsers read `\` as `/` and drop tabs and line breaks in
// URLs, so `/\evil.example` or `/\t/evil.example` would leave for another host although they start with one `/`; the
// value is therefore resolved as a browser would, and kept only when it stays on this origin.
import { config } from "../config/index.ts";

const FALLBACK = "/";

/** The same-origin path (with query and fragment) `value` leads to, or "/" for anything else. */
export function safeCallbackUrl(value: string | null | undefined, origin: string): string {
  if (!value) return FALLBACK;
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(value, base);
  } catch {
    return FALLBACK;
  }
  if (target.origin !== base.origin) return FALLBACK;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // A path that starts with `//` would be read as another host if the answer is used as a relative URL; one that
  // does once decoded (`/%5Cevil`, `/%2F/evil`) would be if anything on the way decodes it again.
  return isPlainPath(path) && isPlainPath(decodedOnce(target.pathname)) ? path : FALLBACK;
}

const isPlainPath = (path: string) => path.startsWith("/") && !path.startsWith("//") && !path.includes("\\");

function decodedOnce(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return "//"; // undecodable: refused
  }
}

/** The site's origin for pages that have no request at hand (NEXTAUTH_URL; relative callbacks do not depend on it). */
export function siteOrigin(): string {
  try {
    return new URL(config("NEXTAUTH_URL") ?? "").origin;
  } catch {
    return "http://localhost";
  }
}
