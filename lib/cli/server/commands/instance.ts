import "server-only";
import { systemActor } from "../../../auth/actor.ts";
import { getDb } from "../../../db/client.ts";
import { setAttachmentFormats } from "../../../documents/server/set-attachment-formats.ts";
import { instanceBySlug } from "../lookup.ts";
import { createInstance } from "../../../seed/server/create-instance.ts";
import { COMPANY_NAME_MAX, companyNameField } from "../../../tracking/schemas.ts";
import { parseCommandArgs, required, UsageError, type CliIo } from "../io.ts";
import { INSTANCE_USAGE } from "../usage.ts";

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export async function instanceCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "help" || sub === "--help" || sub === "-h") {
    io.out(INSTANCE_USAGE);
    return 0;
  }
  if (sub === "list") {
    parseCommandArgs(rest, {}, INSTANCE_USAGE);
    const db = await getDb();
    const rows = await db.instance.findMany({
      orderBy: { id: "asc" },
      include: { _count: { select: { users: true, documents: true } } },
    });
    if (rows.length === 0) io.out("No instances.");
    for (const row of rows) {
      io.out(`${row.slug}  "${row.name}"  ${row._count.users} users, ${row._count.documents} documents`);
    }
    return 0;
  }
  if (sub === "formats") {
    const { values } = parseCommandArgs(rest, { slug: { type: "string" }, set: { type: "string" } }, INSTANCE_USAGE);
    const instance = await instanceBySlug(await getDb(), required(values.slug, "--slug <slug>", INSTANCE_USAGE));
    let formats = instance.attachmentFormats;
    if (values.set !== undefined) {
      const wanted = values.set
        .split(",")
        .map((format) => format.trim().toLowerCase())
        .filter(Boolean);
      const ctx = { actor: systemActor("cli", instance.id) };
      formats = (await setAttachmentFormats(ctx, { formats: wanted })).formats;
    }
    io.out(`${instance.slug} takes attachments as: ${formats.join(", ")}`);
    return 0;
  }
  if (sub !== "create") {
    throw new UsageError(sub ? `Unknown instance command: ${sub}` : "Missing instance command", INSTANCE_USAGE);
  }
  const { values } = parseCommandArgs(
    rest,
    { slug: { type: "string" }, name: { type: "string" }, "company-name": { type: "string" } },
    INSTANCE_USAGE,
  );
  if (values.help) {
    io.out(INSTANCE_USAGE);
    return 0;
  }
  const slug = required(values.slug, "--slug <slug>", INSTANCE_USAGE);
  if (!SLUG.test(slug)) {
    throw new UsageError(
      `Invalid slug "${slug}": use lower-case letters, digits and dashes (at most 63)`,
      INSTANCE_USAGE,
    );
  }
  const name = values.name?.trim() || slug;
  const companyName = companyNameField.safeParse(values["company-name"]);
  if (!companyName.success) {
    throw new UsageError(`Invalid --company-name: at most ${COMPANY_NAME_MAX} characters`, INSTANCE_USAGE);
  }
  const catalog = await createInstance("cli", { slug, name, companyName: companyName.data });
  io.out(
    `Created instance ${slug} ("${name}", id ${catalog.instanceId}) with ${Object.keys(catalog.statusIds).length} statuses, ` +
      `1 product and 2 modalities.`,
  );
  io.out(
    companyName.data
      ? `Customers see the company name "${companyName.data}" (Settings → Página do cliente changes it).`
      : "No company name: its admins will be asked on the staff pages for the name customers know the company by " +
          "(or pass --company-name).",
  );
  io.out(`Next: npm run cli -- user create --instance ${slug} --email <e-mail> --role admin`);
  return 0;
}
