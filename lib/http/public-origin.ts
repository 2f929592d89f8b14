/**
 * The origin external systems use to reach this server, as the caller sees it: the proxy's forwarded host and
 * protocol when present, else the Host header. Shown to admins in URLs and curl examples only (never used for
 * authorization), so a forged header can only mislead the person who sent it.
 */
export function publicOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = firstValue(request.headers.get("x-forwarded-host")) ?? request.headers.get("host") ?? url.host;
  const proto = firstValue(request.headers.get("x-forwarded-proto")) ?? url.protocol.replace(/:$/, "");
  return `${proto}://${host}`;
}

function firstValue(header: string | null): string | null {
  const value = header?.split(",")[0]?.trim();
  return value ? value : null;
}
