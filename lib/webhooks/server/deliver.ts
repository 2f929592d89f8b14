// One webhook delivery: POST the stored JSON to the endpoint, signed, with a bounded wait. A 2xx answer is success;
// anything else (or no answer) is retried by the delivery queue (delivery-queue.ts) with backoff for up to WEBHOOK_RETRY_HOURS (24). Deliveries
// are at-least-once: a receiver dedupes on the payload's `id` (also in X-Webhook-Id).
//
// Where it may go: the URL is checked again here (destination.ts), then the host is resolved once and
// every address DNS answers must be allowed; the socket connects to the address that was checked (our `lookup` hands
// it to net.connect), so a name cannot resolve to a public address for the check and an inside one for the
// connection. Redirects are not followed (node:http never does). The answer is read up to RESPONSE_BYTES_READ and the
// socket closed: a receiver cannot make the app hold a large body. Failures are reported to the tenant in two texts
// only — "not allowed" or "no answer" — so the error cannot tell an open port from a closed one.
import "server-only";
import http from "node:http";
import https from "node:https";
import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import { addressAllowed, destinationPolicy, destinationProblem } from "../destination.ts";
import { ZStoredWebhookBody } from "../stored-body.ts";
import { signatureHeader } from "./signature.ts";
import { config } from "../../config/index.ts";
import { DESTINATION_REFUSED, NO_ANSWER } from "../failure.ts";

export type DeliveryResult = { ok: boolean; status: number | null; response: string };

/** Resolves a host name to all its addresses (the system resolver; tests pass a stub). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Bytes of an answer read before the socket is closed; the first RESPONSE_CHARS_KEPT characters are kept. */
const RESPONSE_BYTES_READ = 2048;
const RESPONSE_CHARS_KEPT = 500;

class DestinationRefused extends Error {}

/** Seconds to wait for a receiver (WEBHOOK_TIMEOUT_SECONDS, default 10). */
function timeoutMs(): number {
  return config("WEBHOOK_TIMEOUT_SECONDS") * 1000;
}

/** A net `lookup` that resolves once, refuses unless every answer is allowed, and pins the first. */
function checkedLookup(resolve: Resolver, policy: ReturnType<typeof destinationPolicy>): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0 || addresses.some(({ address }) => !addressAllowed(address, policy))) {
          throw new DestinationRefused(DESTINATION_REFUSED);
        }
        const { address, family } = addresses[0]!;
        if (options.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, "", 0));
  };
}

export async function deliverWebhook(
  input: {
    url: string;
    /** The endpoint's secret; during a rotation's overlap, the current and the previous one (both sign). */
    secret: string | readonly string[];
    event: string;
    body: string;
  },
  options: { resolve?: Resolver } = {},
): Promise<DeliveryResult> {
  const refused: DeliveryResult = { ok: false, status: null, response: DESTINATION_REFUSED };
  const policy = destinationPolicy();
  if (destinationProblem(input.url, policy) !== null) return refused;
  const target = new URL(input.url);
  const { id } = ZStoredWebhookBody.parse(input.body); // the sender checked it: a bad body never gets here
  const client = target.protocol === "https:" ? https : http;

  return new Promise<DeliveryResult>((settle) => {
    let settled = false;
    const done = (result: DeliveryResult) => {
      if (settled) return;
      settled = true;
      settle(result);
    };
    const request = client.request(
      target,
      {
        method: "POST",
        agent: false,
        signal: AbortSignal.timeout(timeoutMs()),
        lookup: checkedLookup(options.resolve ?? systemResolver, policy),
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(input.body),
          "user-agent": "DocFlow-Webhooks/1",
          "x-webhook-id": id,
          "x-webhook-event": input.event,
          "x-signature": signatureHeader(input.secret, input.body),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const text = Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_CHARS_KEPT);
          done({ ok: status >= 200 && status < 300, status, response: text });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          if (size < RESPONSE_BYTES_READ) chunks.push(chunk.subarray(0, RESPONSE_BYTES_READ - size));
          size += chunk.length;
          if (size >= RESPONSE_BYTES_READ) finish();
        });
        response.on("end", finish);
        response.on("error", finish);
        response.on("close", finish);
      },
    );
    request.on("error", (error) => {
      done(error instanceof DestinationRefused ? refused : { ok: false, status: null, response: NO_ANSWER });
    });
    request.end(input.body);
  });
}
