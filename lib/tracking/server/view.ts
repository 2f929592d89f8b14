import "server-only";
import { getDb } from "../../db/client.ts";
import { notFound } from "../../errors/app-error.ts";
import { normalizeIdentifier } from "../../identifiers/identifiers.ts";
import { trackingToken, verifyTrackingToken } from "../../outbox/server/tracking-link.ts";

// What the customer sees of their document: product, the product's steps with the current one, the status's public
// name, the SLA date, observations addressed to them, pending file requests. Nothing personal (no name, e-mail,
// phone, identifier): whoever holds the link or typed the pair sees only the workflow.

import { NOT_FOUND_MESSAGE } from "../not-found.ts";

export { NOT_FOUND_MESSAGE };
const notFoundAnswer = () => notFound(NOT_FOUND_MESSAGE, { code: "tracking_not_found" });

/** An access token for the page after a lookup: short-lived (the e-mail link lives longer). */
const LOOKUP_TOKEN_MS = 2 * 3_600_000;

export async function findByProtocol(protocol: string, identifier: string): Promise<{ uuid: string } | null> {
  const db = await getDb();
  const digits = normalizeIdentifier(identifier);
  if (!digits) return null;
  const document = await db.document.findFirst({
    where: { protocol: protocol.trim(), cpfDigits: digits },
    orderBy: { id: "desc" },
    select: { uuid: true },
  });
  return document;
}

export function lookupToken(uuid: string, now = new Date()): string {
  return trackingToken(uuid, now, LOOKUP_TOKEN_MS);
}

/** The document a valid token names, with what the page shows; the same 404 otherwise. */
export async function documentForToken(token: string) {
  const uuid = verifyTrackingToken(token);
  if (!uuid) throw notFoundAnswer();
  const db = await getDb();
  const document = await db.document.findUnique({
    where: { uuid },
    select: {
      id: true,
      instanceId: true,
      protocol: true,
      slaEnd: true,
      dateFinished: true,
      product: {
        select: { name: true, steps: { orderBy: [{ order: "asc" }, { id: "asc" }], select: { id: true, name: true } } },
      },
      status: { select: { name: true, publicName: true, stepId: true, category: { select: { kind: true } } } },
      observations: {
        where: { visibility: "customer" },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, text: true, createdAt: true },
      },
      attachments: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, state: true, fileName: true, requestNote: true, createdAt: true },
      },
    },
  });
  if (!document) throw notFoundAnswer();
  return document;
}

export async function trackingView(token: string) {
  const document = await documentForToken(token);
  return {
    protocol: document.protocol,
    product: document.product.name,
    steps: document.product.steps.map((step) => ({ name: step.name, current: step.id === document.status.stepId })),
    status: document.status.publicName ?? document.status.name,
    finished: document.status.category.kind === "finished",
    sla_end: document.slaEnd?.toISOString() ?? null,
    date_finished: document.dateFinished?.toISOString() ?? null,
    observations: document.observations.map((o) => ({ id: o.id, text: o.text, created_at: o.createdAt.toISOString() })),
    // Requests still open: the customer sends these files here.
    pending_requests: document.attachments
      .filter((a) => a.state === "pending")
      .map((a) => ({ id: a.id, name: a.fileName, note: a.requestNote, created_at: a.createdAt.toISOString() })),
  };
}

/** How the customer appears in the document's history and attachments. */
export const CUSTOMER_LABEL = "cliente (página de acompanhamento)";
