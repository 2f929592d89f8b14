// The baseline of the API benchmark: what a hand-written `node:http` + SQL server does for the same five calls and
// the same JSON (tests/bench-baseline-parity.http.test.ts diffs its answers against the app's). No framework, no ORM, no
// validation beyond what the benchmark sends, no cache: one token lookup by hash, then the work in as few
// statements as plain SQL allows — the limit the app is measured against: every statement is a named
// (prepared) one, so PostgreSQL parses and plans it once per connection; a read is one statement returning plain
// columns (no JSON built in SQL but the two child lists), and the answer is one JSON.stringify. Runs on a pg pool
// (the benchmark) or on any `query` function (the parity test; PGlite has no named statements and ignores the name).
//
//   DATABASE_URL=postgresql://… PORT=3111 node --import tsx bench/api/baseline.ts
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { maskPersonalValue, type PersonalField } from "../../lib/documents/mask.ts";
import { addServiceHours, type WorkingCalendar, type WorkingHours } from "../../lib/sla/calendar.ts";

type Row = Record<string, unknown>;
/** A constant statement and the name it is prepared under on each connection. */
export type Statement = { name: string; text: string };
const statement = (name: string, text: string): Statement => ({ name: `baseline_${name}`, text });
export type Query = (sql: Statement, params: unknown[]) => Promise<{ rows: Row[] }>;
/** Runs `work` in one transaction and hands it a query function bound to that transaction. */
export type BaselineDb = { query: Query; transaction: <T>(work: (query: Query) => Promise<T>) => Promise<T> };

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());
const HOUR_MS = 3_600_000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

const VIEW_SQL = `
  SELECT d."id", d."statusId", d."uuid", d."productId", d."protocol", d."filledColumns", d."dateTime",
    d."slaEndStatus", d."updatedAt", d."cpf", d."email", d."phone", d."name", d."source", d."modalityIdentifier",
    d."createdAt", s."name" AS s_name, s."description" AS s_description, s."categoryId" AS s_category_id,
    s."slaHours" AS s_sla, s."textColor" AS s_text_color, s."bgColor" AS s_bg_color, s."order" AS s_order,
    s."stepId" AS s_step_id, c."key" AS c_key, c."label" AS c_label,
    p."name" AS p_name, p."description" AS p_description, p."defaultSlaHours" AS p_sla, p."active" AS p_active,
    p."createdAt" AS p_created_at, p."updatedAt" AS p_updated_at,
    st."id" AS st_id, st."name" AS st_name, st."order" AS st_order, st."productId" AS st_product_id,
    (SELECT json_agg(json_build_object('id', o."id", 'text', o."text", 'visibility', o."visibility",
        'authorLabel', o."authorLabel", 'createdAt', o."createdAt", 'origin', o."origin",
        'sendCommunication', o."sendCommunication", 'attachmentName', o."attachmentName") ORDER BY o."createdAt", o."id")
      FROM "Observation" o WHERE o."documentId" = d."id") AS obs,
    (SELECT json_agg(json_build_object('id', a."id", 'state', a."state", 'fileName', a."fileName",
        'mediaType', a."mediaType", 'size', a."size", 'sha256', a."sha256", 'requestNote', a."requestNote", 'requestName', a."requestName",
        'authorLabel', a."authorLabel", 'createdAt', a."createdAt", 'uploadedAt', a."uploadedAt",
        'linkPath', a."linkPath", 'review', a."review")
        ORDER BY a."createdAt", a."id")
      FROM "Attachment" a WHERE a."documentId" = d."id") AS att
  FROM "Document" d
  JOIN "Status" s ON s."id" = d."statusId"
  JOIN "StatusCategory" c ON c."id" = s."categoryId"
  JOIN "Product" p ON p."id" = d."productId"
  LEFT JOIN "ProductStatusStep" ps ON ps."productId" = d."productId" AND ps."statusId" = d."statusId"
  LEFT JOIN "ProductStep" st ON st."id" = coalesce(ps."stepId", s."stepId") AND st."productId" = d."productId"`;

export const VIEW_BY_ID_SQL = statement("view_by_id", `${VIEW_SQL} WHERE d."id" = $1 AND d."instanceId" = $2`);
// One text for one identifier, one for several: a statement with `= ANY($2)` keeps being planned per call even when
// prepared (its generic plan is estimated dearer). Categories are filtered on the rows here, not in SQL: a
// `c."key" = ANY($3)` condition has the same problem, and an identifier has a few documents.
const viewsByCpf = (name: string, match: string) =>
  statement(name, `${VIEW_SQL} WHERE d."instanceId" = $1 AND ${match} ORDER BY d."createdAt" DESC, d."id" DESC`);
export const VIEWS_BY_CPF_SQL = {
  one: viewsByCpf("views_by_cpf", `d."cpf" = $2::text`),
  many: viewsByCpf("views_by_cpfs", `d."cpf" = ANY($2::text[])`),
};
// The token and what its reads mask: nothing for an integration token set to read in clear, else the fields its
// role's masking policy names (the default without a stored row), as the app does (lib/documents/server/read-for-caller.ts).
export const TOKEN_SQL = statement(
  "token",
  `SELECT k."id", k."instanceId", k."name",
     CASE WHEN k."kind" = 'api' AND k."role" <> 'viewer' AND k."clearPersonalData" THEN '{}'::text[]
       ELSE coalesce(mp."maskedFields", ARRAY['cpf', 'email', 'phone']) END AS "masked"
   FROM "ApiToken" k LEFT JOIN "MaskingPolicy" mp ON mp."instanceId" = k."instanceId" AND mp."role" = k."role"
   WHERE k."tokenHash" = $1 AND k."revokedAt" IS NULL AND (k."expiresAt" IS NULL OR k."expiresAt" > now())`,
);

const personal = (masked: ReadonlySet<string>, field: PersonalField, value: unknown) =>
  masked.has(field) ? maskPersonalValue(field, value) : value;

export function readView(d: Row, masked: ReadonlySet<string>) {
  return {
    id: d.id,
    status_id: d.statusId,
    uuid: d.uuid,
    product_id: d.productId,
    protocol: d.protocol,
    filled_columns: d.filledColumns,
    date_time: iso(d.dateTime),
    sla_end_status: iso(d.slaEndStatus),
    updated_at: iso(d.updatedAt),
    fields_to_show: {
      CPF: personal(masked, "cpf", d.cpf),
      Email: personal(masked, "email", d.email),
      Telefone: personal(masked, "phone", d.phone),
      Cliente: personal(masked, "name", d.name),
      Fonte: d.source,
      Modalidade: d.modalityIdentifier,
      "Criado em": iso(d.createdAt),
    },
    product: {
      id: d.productId,
      name: d.p_name,
      description: d.p_description,
      sla: d.p_sla,
      active: d.p_active,
      created_at: iso(d.p_created_at),
      updated_at: iso(d.p_updated_at),
    },
    status: {
      id: d.statusId,
      name: d.s_name,
      description: d.s_description,
      category: d.c_key,
      category_id: d.s_category_id,
      category_label: d.c_label,
      sla: d.s_sla,
      text_color: d.s_text_color,
      bg_color: d.s_bg_color,
      order: d.s_order,
      step_id: d.s_step_id,
    },
    step: d.st_id == null ? null : { id: d.st_id, product_id: d.st_product_id, name: d.st_name, order: d.st_order },
    observation: ((d.obs as Row[] | null) ?? []).map((o) => ({
      id: o.id,
      text: o.text,
      visibility: o.visibility,
      author: o.authorLabel,
      created_at: iso(o.createdAt),
      message: o.text,
      observation_from: o.origin ?? (o.visibility === "internal" ? "internal" : "client"),
      send_communication: o.sendCommunication,
      attachment_name: o.attachmentName,
      createdAt: iso(o.createdAt),
      user: { name: o.authorLabel },
    })),
    attachment: ((d.att as Row[] | null) ?? []).map((a) => ({
      id: a.id,
      state: a.state,
      file_name: a.fileName,
      media_type: a.mediaType,
      size: a.size,
      sha256: a.sha256,
      request_note: a.requestNote,
      request_name: a.requestName,
      author: a.authorLabel,
      created_at: iso(a.createdAt),
      uploaded_at: iso(a.uploadedAt),
      download_url: a.state === "uploaded" ? `/api/documents/${d.id}/attachments/${a.id}` : null,
      link_url: a.linkPath,
      name: a.fileName,
      path: a.linkPath ?? (a.state === "uploaded" ? `/api/documents/${d.id}/attachments/${a.id}` : null),
      status: a.review ?? (a.state === "pending" ? "pending" : "in_analisys"),
      user: { name: a.authorLabel },
      createdAt: iso(a.createdAt),
    })),
  };
}

const DOCUMENT_KEYS: Array<[string, string, boolean?]> = [
  ["id", "id"],
  ["uuid", "uuid"],
  ["status_id", "statusId"],
  ["product_id", "productId"],
  ["user_id", "userId"],
  ["source", "source"],
  ["protocol", "protocol"],
  ["cpf", "cpf"],
  ["email", "email"],
  ["phone", "phone"],
  ["name", "name"],
  ["sla_total", "slaTotal"],
  ["sla_start", "slaStart", true],
  ["sla_end", "slaEnd", true],
  ["sla_end_status", "slaEndStatus", true],
  ["modality_identifier", "modalityIdentifier"],
  ["filled_columns", "filledColumns"],
  ["date_time", "dateTime", true],
  ["created_at", "createdAt", true],
  ["updated_at", "updatedAt", true],
  ["modality_id", "modalityId"],
  ["date_finished", "dateFinished", true],
];

function fullDocument(d: Row): Row {
  const out: Row = {};
  for (const [api, column, date] of DOCUMENT_KEYS) out[api] = date ? iso(d[column]) : d[column];
  return out;
}

const CREATE_ANSWER = new Set([
  "modality_id",
  "uuid",
  "sla_start",
  "sla_end",
  "sla_end_status",
  "date_time",
  "created_at",
  "updated_at",
  "id",
  "protocol",
]);

function calendarOf(modality: Row | null): WorkingCalendar | null {
  if (!modality?.workingHours) return null;
  return {
    workingHours: modality.workingHours as WorkingHours,
    holidays: new Set(((modality.holidays as string[] | null) ?? []).map((day) => day.slice(0, 10))),
    timeZone: (modality.timeZone as string) || "America/Sao_Paulo",
  };
}

const STATUS_SQL = statement(
  "status",
  `SELECT s."id", s."name", s."slaHours", c."kind",
    (SELECT coalesce(array_agg(t."toStatusId"), '{}') FROM "StatusTransition" t WHERE t."fromStatusId" = s."id") AS targets
  FROM "Status" s JOIN "StatusCategory" c ON c."id" = s."categoryId" WHERE s."id" = $1 AND s."instanceId" = $2`,
);
const PRODUCT_SQL = statement(
  "product",
  `SELECT "defaultSlaHours" FROM "Product" WHERE "id" = $1 AND "instanceId" = $2`,
);
const MODALITY_SQL = statement(
  "modality",
  `WITH m AS (
    INSERT INTO "Modality" ("instanceId", "identifier", "timeZone", "updatedAt") VALUES ($1, $2, 'America/Sao_Paulo', now())
    ON CONFLICT ("instanceId", "identifier") DO UPDATE SET "identifier" = EXCLUDED."identifier" RETURNING *)
  SELECT m.*, (SELECT array_agg(h."date"::text) FROM "ModalityHoliday" h WHERE h."modalityId" = m."id") AS holidays FROM m`,
);

const INSERT_SQL = statement(
  "insert",
  `WITH p AS (INSERT INTO "ProtocolCounter" ("instanceId", "day", "value") VALUES ($1, $2, 1)
           ON CONFLICT ("instanceId", "day") DO UPDATE SET "value" = "ProtocolCounter"."value" + 1 RETURNING "value")
         INSERT INTO "Document" ("uuid", "instanceId", "protocol", "statusId", "productId", "modalityId",
           "modalityIdentifier", "cpf", "cpfDigits", "name", "phone", "email", "source", "slaTotal", "slaStart",
           "slaEnd", "slaEndStatus", "pausedAt", "filledColumns", "dateTime", "createdAt", "updatedAt", "dateFinished")
         SELECT gen_random_uuid(), $1, $2 || '-' || lpad(p."value"::text, 6, '0'), $3, $4, $5, $6, $7,
           upper(regexp_replace($7, '[^0-9A-Za-z]', '', 'g')), $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb,
           $13, $13, $13, $18 FROM p RETURNING *`,
);
const HISTORY_SQL = statement(
  "history",
  `INSERT INTO "DocumentHistory" ("documentId", "action", "actorType", "actorId", "actorLabel", "changes")
       VALUES ($1, 'create', 'token', $2, $3, $4::jsonb)`,
);
const LOCK_SQL = statement("lock", `SELECT * FROM "Document" WHERE "id" = $1 AND "instanceId" = $2 FOR UPDATE`);
const UPDATE_SQL = statement(
  "update",
  `WITH u AS (UPDATE "Document" SET "filledColumns" = "filledColumns" || $2::jsonb,
             "name" = coalesce($3, "name"), "phone" = coalesce($4, "phone"), "email" = coalesce($5, "email"),
             "source" = coalesce($6, "source"), "updatedAt" = now() WHERE "id" = $1 RETURNING *),
         h AS (INSERT INTO "DocumentHistory" ("documentId", "action", "actorType", "actorId", "actorLabel", "changes")
             SELECT u."id", 'update', 'token', $7, $8, $9::jsonb FROM u)
         SELECT * FROM u`,
);

const dayFormatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export type Token = { instanceId: number; id: number; label: string; masked: ReadonlySet<string> };

export async function create(db: BaselineDb, token: Token, body: Row) {
  return db.transaction(async (query) => {
    const now = new Date();
    const [status] = (await query(STATUS_SQL, [body.status_id, token.instanceId])).rows;
    if (!status) throw new HttpError(400, "BadRequest", "Provided status_id parameter not exists on database");
    const [product] = (await query(PRODUCT_SQL, [body.product_id, token.instanceId])).rows;
    if (!product) throw new HttpError(400, "BadRequest", "Provided product_id parameter not exists on database");
    const modality = body.modality_identifier
      ? (await query(MODALITY_SQL, [token.instanceId, body.modality_identifier])).rows[0]!
      : null;
    const slaTotal = (body.sla_total === undefined ? product.defaultSlaHours : body.sla_total) as number | null;
    const day = dayFormatter.format(now).replaceAll("-", "");
    const kind = status.kind as string;
    const [document] = (
      await query(INSERT_SQL, [
        token.instanceId,
        day,
        status.id,
        body.product_id,
        modality?.id ?? null,
        modality?.identifier ?? null,
        body.cpf,
        body.name ?? null,
        body.phone ?? null,
        body.email ?? null,
        body.source ?? null,
        slaTotal,
        now,
        slaTotal === null ? null : addServiceHours(now, slaTotal, calendarOf(modality)),
        status.slaHours === null ? null : new Date(now.getTime() + (status.slaHours as number) * HOUR_MS),
        kind === "pause" ? now : null,
        JSON.stringify(body.filled_columns ?? {}),
        kind === "finished" ? now : null,
      ])
    ).rows;
    const changes = Object.entries(body).map(([field, after]) => ({ field, before: null, after }));
    await query(HISTORY_SQL, [document!.id, token.id, token.label, JSON.stringify(changes)]);
    const full = fullDocument(document!);
    return Object.fromEntries(Object.entries(full).filter(([key]) => key in body || CREATE_ANSWER.has(key)));
  });
}

/** updateById as the benchmark sends it: filled_columns merged in SQL plus plain fields; no status move. */
export async function update(db: BaselineDb, token: Token, body: Row) {
  return db.transaction(async (query) => {
    const [current] = (await query(LOCK_SQL, [body.id, token.instanceId])).rows;
    if (!current) throw new HttpError(404, "NotFound", "Provided id parameter not exists on database");
    const sent = (body.filled_columns ?? {}) as Row;
    const stored = current.filledColumns as Row;
    const changes: Row[] = [];
    for (const field of ["name", "phone", "email", "source"]) {
      if (body[field] !== undefined && body[field] !== current[field]) {
        changes.push({ field, before: current[field], after: body[field] });
      }
    }
    for (const [key, value] of Object.entries(sent)) {
      if (JSON.stringify(stored[key]) !== JSON.stringify(value)) {
        changes.push({ field: `filled_columns.${key}`, before: stored[key] ?? null, after: value });
      }
    }
    if (changes.length === 0) return fullDocument(current);
    const [updated] = (
      await query(UPDATE_SQL, [
        current.id,
        JSON.stringify(sent),
        body.name ?? null,
        body.phone ?? null,
        body.email ?? null,
        body.source ?? null,
        token.id,
        token.label,
        JSON.stringify(changes),
      ])
    ).rows;
    return fullDocument(updated!);
  });
}

async function loadById(db: BaselineDb, token: Token, body: Row) {
  const { rows } = await db.query(VIEW_BY_ID_SQL, [body.id, token.instanceId]);
  if (!rows[0]) throw new HttpError(404, "NotFound", "Provided id parameter not exists on database");
  return readView(rows[0], token.masked);
}

async function loadByCpf(db: BaselineDb, token: Token, body: Row) {
  const cpfs = Array.isArray(body.cpf) ? body.cpf : [body.cpf];
  const categories = (
    typeof body.categories === "string" ? body.categories.split(",") : ((body.categories as string[]) ?? [])
  )
    .map((key) => key.trim())
    .filter(Boolean);
  const one = cpfs.length === 1;
  const { rows } = await db.query(VIEWS_BY_CPF_SQL[one ? "one" : "many"], [token.instanceId, one ? cpfs[0] : cpfs]);
  return (categories.length ? rows.filter((row) => categories.includes(row.c_key as string)) : rows).map((row) =>
    readView(row, token.masked),
  );
}

const ROUTES: Record<string, (db: BaselineDb, token: Token, body: Row) => Promise<unknown>> = {
  "/api/document/loadById": loadById,
  "/api/document/loadByCPF": loadByCpf,
  "/api/document/create": create,
  "/api/document/updateById": update,
};

async function authenticate(db: BaselineDb, header: string | undefined): Promise<Token | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  if (!token) return null;
  const hash = createHash("sha256").update(token).digest("hex");
  const { rows } = await db.query(TOKEN_SQL, [hash]);
  const row = rows[0];
  return row
    ? {
        id: row.id as number,
        instanceId: row.instanceId as number,
        label: `token:${row.name as string}`,
        masked: new Set(row.masked as string[]),
      }
    : null;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

// The app's default error code per kind ("NotFound" → "not_found"), as lib/http/errors.ts sends it.
function errorAnswer(status: number, kind: string, message: string) {
  const code = kind.replace(/(?<=[a-z])(?=[A-Z])/g, "_").toLowerCase();
  return { status: "error", message, error: `${kind}: ${message}`, code };
}

export function baselineHandler(db: BaselineDb) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const route = ROUTES[req.url ?? ""];
      if (!route || req.method !== "POST") return send(res, 404, errorAnswer(404, "NotFound", "No such route"));
      try {
        const token = await authenticate(db, req.headers.authorization);
        if (!token) return send(res, 401, errorAnswer(401, "Unauthorized", "Invalid or expired token"));
        send(res, 200, await route(db, token, JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}")));
      } catch (error) {
        if (error instanceof HttpError)
          return send(res, error.status, errorAnswer(error.status, error.kind, error.message));
        send(res, 500, errorAnswer(500, "Internal", String((error as Error).message)));
      }
    });
  };
}

/** A BaselineDb over a pg pool: one pooled client per transaction. */
export function poolDb(pool: import("pg").Pool): BaselineDb {
  return {
    query: (sql, params) => pool.query({ ...sql, values: params }),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work((sql, params) => client.query({ ...sql, values: params }));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/bench\//, "/bench/"))) {
  const pg = (await import("pg")).default;
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
  });
  const server = createServer(baselineHandler(poolDb(pool)));
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.env.PORT) || 3111, "127.0.0.1");
}
