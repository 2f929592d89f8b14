import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; text: string };

/**
 * One POST over a real connection from the local address `from` (127.0.0.x: Linux routes all of 127/8 to loopback),
 * so a case gets its own client address — the socket's, which the brakes and throttles count — and its own keys.
 * `path` is absolute (`/api/…`, a query allowed); the body is sent as given, JSON by default.
 */
export function postFrom(
  baseUrl: string,
  from: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: "POST",
        localAddress: from,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Starts at the beginning of a fresh minute when less than `needMs` of the current one is left (windows are aligned). */
export async function withinOneWindow(needMs: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
