import { stepIdForStatus } from "../../catalog/server/step-for-status.ts";
import "server-only";
import { systemActor } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import { forbidden, notFound } from "../../errors/app-error.ts";
import { normalizeIdentifier } from "../../identifiers/identifiers.ts";
import { readTrackingToken, trackingToken } from "../../outbox/server/tracking-link.ts";

// What the customer sees of their document: product, the product's steps with the current one, the status's public
// name, the SLA date, observations addressed to them, pending file requests. Nothing personal (no name, e-mail,
// phone, identifier): whoever holds the link or typed the pair sees only the workflow.

import { NOT_FOUND_MESSAGE, READ_ONLY_LINK_MESSAGE } from "../not-found.ts";
import { trackingBrand } from "./page-settings.ts";

const notFoundAnswer = () => notFound(NOT_FOUND_MESSAGE, { code: "tracking_not_found" });
/** A first-format link (read-only) used to reply or upload: 403 pointing to the lookup by protocol and CPF. */
export const readOnlyLinkAnswer = () => forbidden(READ_ONLY_LINK_MESSAGE, { code: "tracking_link_read_only" });

/** An access token for the page after a lookup: short-lived (the e-mail link lives longer). */
const LOOKUP_TOKEN_MS = 2 * 3_600_000;

/**
 * The spellings a typed protocol may stand for, so a person can type it without the hyphen or with other
 * punctuation and spaces: as typed (trimmed), without punctuation, and with the hyphen where our protocols have it —
 * after the 8-digit day (20261123-000042) or between a letter prefix and the digits (DASH-000006). Exact matches on
 * these keep the lookup on the protocol index.
 */
function protocolCandidates(protocol: string): string[] {
  const typed = protocol.trim();
  const bare = typed.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  const candidates = new Set([typed, typed.toUpperCase(), bare]);
  if (/^\d{9,}$/.test(bare)) candidates.add(`${bare.slice(0, 8)}-${bare.slice(8)}`);
  const prefixed = /^([A-Z]+)(\d+)$/.exec(bare);
  if (prefixed) candidates.add(`${prefixed[1]}-${prefixed[2]}`);
  return [...candidates].filter(Boolean);
}

export async function findByProtocol(
  protocol: string,
  identifier: string,
): Promise<{ uuid: string; trackingEpoch: number } | null> {
  const db = await getDb();
  const digits = normalizeIdentifier(identifier);
  const protocols = protocolCandidates(protocol);
  if (!digits || !protocols.length) return null;
  const document = await db.document.findFirst({
    where: { protocol: { in: protocols }, cpfDigits: digits },
    orderBy: { id: "desc" },
    select: { uuid: true, trackingEpoch: true },
  });
  return document;
}

export function lookupToken(document: { uuid: string; trackingEpoch: number }, now = new Date()): string {
  return trackingToken(document.uuid, now, LOOKUP_TOKEN_MS, { purpose: "lookup", epoch: document.trackingEpoch });
}

/**
 * The document a valid token names, with what the page shows; the same 404 otherwise — a token of an earlier link
 * generation (staff revoked the document's links) included. `write` (reply, upload) refuses a read-only token.
 */
export async function documentForToken(token: string, options: { write?: boolean } = {}) {
  const claims = readTrackingToken(token);
  if (!claims) throw notFoundAnswer();
  const db = await getDb();
  const document = await db.document.findUnique({
    where: { uuid: claims.uuid },
    select: {
      id: true,
      trackingEpoch: true,
      instanceId: true,
      protocol: true,
      slaEnd: true,
      dateFinished: true,
      instance: { select: { name: true, slug: true } },
      productId: true,
      statusId: true,
      product: {
        select: { name: true, steps: { orderBy: [{ order: "asc" }, { id: "asc" }], select: { id: true, name: true } } },
      },
      status: { select: { name: true, publicName: true, stepId: true, category: { select: { kind: true } } } },
      observations: {
        where: { visibility: "customer" },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, text: true, createdAt: true, byCustomer: true },
      },
      attachments: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: {
          id: true,
          state: true,
          fileName: true,
          requestNote: true,
          requestName: true,
          byCustomer: true,
          createdAt: true,
          uploadedAt: true,
        },
      },
    },
  });
  if (!document || document.trackingEpoch !== claims.epoch) throw notFoundAnswer();
  if (options.write && claims.readOnly) throw readOnlyLinkAnswer();
  return { ...document, readOnly: claims.readOnly };
}

export async function trackingView(token: string) {
  const document = await documentForToken(token);
  // The product's own step for the status (its per-product map first): lib/catalog/server/step-for-status.ts.
  const currentStep = await stepIdForStatus(await getDb(), {
    productId: document.productId,
    statusId: document.statusId,
    statusStepId: document.status.stepId,
    productStepIds: document.product.steps.map((step) => step.id),
  });
  const { company, brand } = await trackingBrand(document.instanceId, document.instance.name, document.instance.slug);
  return {
    protocol: document.protocol,
    product: document.product.name,
    steps: document.product.steps.map((step) => ({ name: step.name, current: step.id === currentStep })),
    status: document.status.publicName ?? document.status.name,
    finished: document.status.category.kind === "finished",
    // A link from an e-mail sent before links carried their purpose: the page shows the case but offers no replies or
    // uploads (those need the lookup by protocol and CPF).
    read_only: document.readOnly,
    // Paused (waiting on the customer or a third party): the SLA clock stops, so no deadline is promised.
    paused: document.status.category.kind === "pause",
    company,
    brand,
    sla_end: document.slaEnd?.toISOString() ?? null,
    date_finished: document.dateFinished?.toISOString() ?? null,
    observations: document.observations.map((o) => ({
      id: o.id,
      text: o.text,
      created_at: o.createdAt.toISOString(),
      from: o.byCustomer ? ("customer" as const) : ("team" as const),
    })),
    // The customer's own files only (the team's files are not shared on this page): names and dates, no download.
    sent_files: document.attachments
      .filter((a) => a.state === "uploaded" && a.byCustomer)
      .map((a) => ({
        id: a.id,
        name: a.fileName,
        request_name: a.requestName,
        created_at: (a.uploadedAt ?? a.createdAt).toISOString(),
      })),
    // Requests still open: the customer sends these files here.
    pending_requests: document.attachments
      .filter((a) => a.state === "pending")
      .map((a) => ({ id: a.id, name: a.fileName, note: a.requestNote, created_at: a.createdAt.toISOString() })),
  };
}

/** How the customer appears in the document's history and attachments. */
export const CUSTOMER_LABEL = "cliente (página de acompanhamento)";

/** The history and attachment rows name the customer as the customer actor of the document's instance. */
export const customerActor = (instanceId: number) => systemActor("customer", instanceId, CUSTOMER_LABEL);
