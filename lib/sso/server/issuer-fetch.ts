// Every request to an instance's directory (discovery, keys, token endpoint) goes through this fetch. The issuer is
// typed by an instance admin — a tenant, not the operator — so, as for webhooks (lib/webhooks/destination.ts), it
// may not reach the operator's own network: the URL is checked, the host resolved once, every address DNS answers
// must be public or in SSO_ALLOW_CIDRS, and the socket connects to the address that was checked. http:// only for
// SSO_ALLOW_HOSTS names or addresses in SSO_ALLOW_CIDRS. Redirects are not followed; answers are capped.
// Written on node:http because Node's own fetch takes no `lookup` (its dispatcher option needs the undici package).
import "server-only";
import http from "node:http";
import https from "node:https";
import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import { addressAllowed, destinationProblem, policyOf, type DestinationPolicy } from "../../webhooks/destination.ts";
import { config } from "../../config/index.ts";

/** Discovery documents and key sets are small; a directory cannot make the app hold more. */
const ANSWER_BYTES_MAX = 512 * 1024;
const TIMEOUT_MS = 10_000;

export class IssuerRefused extends Error {
  constructor() {
    super("This directory address is not allowed");
  }
}

export function ssoDestinationPolicy(): DestinationPolicy {
  return policyOf(config("SSO_ALLOW_CIDRS"), config("SSO_ALLOW_HOSTS"));
}

/** Why the issuer URL may not be used (before DNS), or null. */
export function issuerProblem(url: string): string | null {
  return destinationProblem(url, ssoDestinationPolicy()) === null ? null : "This directory address is not allowed";
}

function checkedLookup(policy: DestinationPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true })
      .then((addresses) => {
        if (addresses.length === 0 || addresses.some(({ address }) => !addressAllowed(address, policy))) {
          throw new IssuerRefused();
        }
        const { address, family } = addresses[0]!;
        if (options.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, "", 0));
  };
}

/** A `fetch` for openid-client's customFetch: the checked destination, no redirects, a bounded answer. */
export async function issuerFetch(
  input: string | URL,
  init: { method?: string; headers?: HeadersInit; body?: BodyInit | null; signal?: AbortSignal | null } = {},
): Promise<Response> {
  const url = new URL(String(input));
  const policy = ssoDestinationPolicy();
  if (destinationProblem(url.toString(), policy) !== null) throw new IssuerRefused();
  const body = init.body == null ? undefined : Buffer.from(await new Response(init.body).arrayBuffer());
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  if (body) headers["content-length"] = String(body.length);
  const client = url.protocol === "https:" ? https : http;
  const signal = init.signal
    ? AbortSignal.any([init.signal, AbortSignal.timeout(TIMEOUT_MS)])
    : AbortSignal.timeout(TIMEOUT_MS);
  return new Promise<Response>((resolve, reject) => {
    const request = client.request(
      url,
      { method: init.method ?? "GET", headers, agent: false, signal, lookup: checkedLookup(policy) },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > ANSWER_BYTES_MAX) {
            response.destroy();
            reject(new Error("The directory's answer is too large"));
            return;
          }
          chunks.push(chunk);
        });
        response.on("error", reject);
        response.on("end", () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const item of Array.isArray(value) ? value : [value]) answerHeaders.append(name, item);
          }
          const status = response.statusCode ?? 502;
          const nullBody = status === 204 || status === 304;
          resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
