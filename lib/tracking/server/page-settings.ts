import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import { createHash } from "node:crypto";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { CustomerContext, UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { notFound, unsupportedType } from "../../errors/app-error.ts";
import { readUploadedFile } from "../../http/upload.ts";
import { trackingPageSettingsSchema, TRACKING_LOGO_MAX_BYTES, type TrackingPageSettingsInput } from "../schemas.ts";
import type { TrackingPageSettings } from "../answers.ts";
import { sniffFile } from "../../documents/server/sniff-file.ts";

// The tracking page's settings: the name customers know the company by, its logo, help channel and
// privacy notice. Set by admins (audited, no personal data in the entry beyond what they typed for the company);
// read by the tracking view. The logo is an upload stored like attachments — bytes in the database, its type judged
// by its whole content (lib/documents/server/sniff-file.ts; only PNG, JPEG or WebP: no SVG, which could carry script), served under
// /api/tracking/logo/{instance} with nosniff. No URL is ever fetched by the server.

/** The built-in privacy notice of the tracking page (app/acompanhar/privacidade). */
export const BUILT_IN_PRIVACY_PATH = "/acompanhar/privacidade";
const LOGO_FORMATS = ["png", "jpg", "webp"];

export const logoUrl = (instanceId: number, sha256: string) =>
  `/api/tracking/logo/${instanceId}?v=${sha256.slice(0, 16)}`;

type Row = {
  companyName: string | null;
  helpEmail: string | null;
  helpPhone: string | null;
  helpWhatsapp: string | null;
  privacyUrl: string | null;
  logoMediaType: string | null;
  logoSha256: string | null;
  logoSize: number;
};

async function readRow(instanceId: number): Promise<{ name: string; row: Row | null }> {
  const db = await getDb();
  const instance = await db.instance.findUniqueOrThrow({ where: { id: instanceId }, select: { name: true } });
  const [row] = await db.$queryRaw<Row[]>`
    SELECT "companyName", "helpEmail", "helpPhone", "helpWhatsapp", "privacyUrl", "logoMediaType", "logoSha256",
      coalesce(octet_length(logo), 0)::int AS "logoSize"
    FROM "TrackingPageSettings" WHERE "instanceId" = ${instanceId}::int`;
  return { name: instance.name, row: row ?? null };
}

function answer(instanceId: number, name: string, row: Row | null): TrackingPageSettings {
  return {
    company_name: row?.companyName ?? null,
    help_email: row?.helpEmail ?? null,
    help_phone: row?.helpPhone ?? null,
    help_whatsapp: row?.helpWhatsapp ?? null,
    privacy_url: row?.privacyUrl ?? null,
    default_name: name,
    logo:
      row?.logoSha256 && row.logoMediaType
        ? { url: logoUrl(instanceId, row.logoSha256), media_type: row.logoMediaType, size: row.logoSize }
        : null,
  };
}

/** The actor's instance's tracking-page settings (the defaults when never saved). */
export async function getTrackingPageSettings(ctx: UseCaseContext): Promise<TrackingPageSettings> {
  const { name, row } = await readRow(ctx.actor.instanceId);
  return answer(ctx.actor.instanceId, name, row);
}

/** Saves the texts (name, help channel, privacy URL); the logo is kept. Audited with what changed. */
export async function updateTrackingPageSettings(
  ctx: UseCaseContext,
  input: TrackingPageSettingsInput,
): Promise<TrackingPageSettings> {
  const values = trackingPageSettingsSchema.parse(input);
  const data = {
    companyName: values.company_name,
    helpEmail: values.help_email,
    helpPhone: values.help_phone,
    helpWhatsapp: values.help_whatsapp,
    privacyUrl: values.privacy_url,
  };
  const instanceId = ctx.actor.instanceId;
  await inTransaction(async (tx) => {
    await tx.trackingPageSettings.upsert({ where: { instanceId }, create: { instanceId, ...data }, update: data });
    await recordAudit(tx, ctx.actor, {
      action: "instance.tracking_page_update",
      entity: "instance",
      entityId: instanceId,
      details: {
        fields: Object.entries(values)
          .filter(([, value]) => value !== null)
          .map(([key]) => key),
      },
    });
  });
  return getTrackingPageSettings(ctx);
}

/** Replaces the logo with the image in `request` (multipart `file`): PNG, JPEG or WebP judged by content. */
export async function setTrackingLogo(ctx: UseCaseContext, input: { request: Request }) {
  const file = await readUploadedFile(input.request, TRACKING_LOGO_MAX_BYTES);
  const sniffed = await sniffFile(file.bytes, LOGO_FORMATS);
  if (!sniffed) {
    throw unsupportedType("The logo must be a whole PNG, JPEG or WebP image", { code: "tracking_logo_type" });
  }
  const instanceId = ctx.actor.instanceId;
  const data = {
    logo: file.bytes,
    logoMediaType: sniffed.mediaType,
    logoSha256: createHash("sha256").update(file.bytes).digest("hex"),
  };
  await inTransaction(async (tx) => {
    await tx.trackingPageSettings.upsert({ where: { instanceId }, create: { instanceId, ...data }, update: data });
    await recordAudit(tx, ctx.actor, {
      action: "instance.tracking_logo_update",
      entity: "instance",
      entityId: instanceId,
      details: { media_type: sniffed.mediaType, size: file.bytes.byteLength },
    });
  });
  return getTrackingPageSettings(ctx);
}

/** Removes the logo (the page shows the name alone). */
export async function removeTrackingLogo(ctx: UseCaseContext) {
  const instanceId = ctx.actor.instanceId;
  await inTransaction(async (tx) => {
    await tx.trackingPageSettings.updateMany({
      where: { instanceId },
      data: { logo: null, logoMediaType: null, logoSha256: null },
    });
    await recordAudit(tx, ctx.actor, {
      action: "instance.tracking_logo_remove",
      entity: "instance",
      entityId: instanceId,
    });
  });
  return getTrackingPageSettings(ctx);
}

/** The public logo of an instance (the tracking page's <img>); 404 when none. */
export async function readTrackingLogo(_ctx: CustomerContext, input: { instanceId: number }) {
  const db = await getDb();
  const row = await db.trackingPageSettings.findUnique({
    where: { instanceId: input.instanceId },
    select: { logo: true, logoMediaType: true, logoSha256: true },
  });
  if (!row?.logo || !row.logoMediaType || !row.logoSha256) throw notFound("No logo", { code: "tracking_logo_none" });
  return { bytes: row.logo, mediaType: row.logoMediaType, sha256: row.logoSha256 };
}

/** What the tracking view shows of the instance. */
/** A name that only spells the instance's slug ("Default", "Atendimento Default" for "atendimento-default"). */
const squash = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[^0-9A-Za-z]/g, "")
    .toLowerCase();
export function isSlugName(name: string, slug: string): boolean {
  return squash(name) === squash(slug);
}

/** The company name customers are shown: the one set for the page, else the instance's unless it spells the slug. */
export function shownCompanyName(companyName: string | null, instanceName: string, slug: string): string | null {
  return companyName?.trim() || (isSlugName(instanceName, slug) ? null : instanceName);
}

/**
 * The name the tracking page greets the customer with: the company name set for the page, else the instance's name
 * unless it merely spells the slug (the operator's internal address) — then none, and the page shows no name.
 */
export async function trackingBrand(instanceId: number, instanceName: string, slug: string) {
  const db = await getDb();
  const row = await db.trackingPageSettings.findUnique({
    where: { instanceId },
    select: {
      companyName: true,
      helpEmail: true,
      helpPhone: true,
      helpWhatsapp: true,
      privacyUrl: true,
      logoSha256: true,
    },
  });
  return {
    company: shownCompanyName(row?.companyName ?? null, instanceName, slug),
    brand: {
      logo_url: row?.logoSha256 ? logoUrl(instanceId, row.logoSha256) : null,
      help_email: row?.helpEmail ?? null,
      help_phone: row?.helpPhone ?? null,
      whatsapp_url: row?.helpWhatsapp ? `https://wa.me/${row.helpWhatsapp}` : null,
      privacy_url: row?.privacyUrl ?? BUILT_IN_PRIVACY_PATH,
    },
  };
}
