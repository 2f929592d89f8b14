// The read statements of loadById / loadByCPF / document/filter (SPEC.md): the document, its status with category,
// product, step, observations and attachments in ONE named statement per read (one round trip), answered as plain
// columns; lib/documents/server/read-view-json.ts builds the answer's JSON from them in Node. PostgreSQL only reads:
// no JSON objects, no `to_char` per timestamp (building the JSON and formatting 7–12 timestamps
// per document in SQL cost PostgreSQL 1.3–1.7× the lean baseline's CPU per read). The child lists come as one
// json_agg of json_build_array each (positional: no key text per element); timestamps come as PostgreSQL's text
// (the session's time zone; the serializer turns it into Date#toISOString()'s form).
//
// The statements are composed from named fragments: READ_COLUMNS lists every column a view needs
// under the name read-view-json.ts reads it by; each statement names its parameters once, in `params`.
//
// Masked callers (lib/documents/server/read-for-caller.ts) whose role's policy is not known to this process yet get the same
// statement with one more column: the fields their role's masking policy masks (the staff list's policy, read in the
// same statement; DEFAULT_MASKED_FIELDS without a stored row); lib/documents/server/read.ts masks those and keeps the
// policy for API_AUTH_CACHE_MS (lib/documents/server/read-policy-cache.ts).
import { DEFAULT_MASKED_FIELDS } from "./masking-policy-schema.ts";

/** The views alone ("clear"), or with the fields the caller's role's policy masks in a column "masked" ("policy"). */
export type PersonalData = "clear" | "policy";
/**
 * The step of each view comes from the instance's (product, status) → step map, which the server holds
 * (lib/documents/server/read-step-cache.ts): "cached" sends no step columns; "map" adds the instance's whole map in
 * a column "stepMap" (one sub-select, evaluated once per statement) for a server that does not hold it yet.
 */
export type StepData = "cached" | "map";

/** The "stepMap" column: the instance's ProductStatusStep rows and its products' steps, positional. */
export type StepMapColumn = {
  /** [productId, statusId, stepId][] */
  map: [number, number, number][];
  /** [id, productId, name, order][] */
  steps: [number, number, string, number][];
};

/** A timestamptz as JavaScript's Date#toISOString() writes it (UTC, milliseconds, "Z"); NULL stays NULL. */
export const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The row a read statement answers per document (read-view-json.ts's input); `Ts` is a timestamptz as text. */
export type ReadViewRow = {
  id: number;
  statusId: number;
  uuid: string;
  productId: number;
  protocol: string;
  filledColumns: unknown;
  dateTime: string;
  slaEndStatus: string | null;
  updatedAt: string;
  cpf: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  source: string | null;
  modalityIdentifier: string | null;
  createdAt: string;
  pName: string;
  pDescription: string;
  pSla: number | null;
  pActive: boolean;
  pCreatedAt: string;
  pUpdatedAt: string;
  sName: string;
  sDescription: string;
  cKey: string;
  sCategoryId: number;
  cLabel: string;
  sSla: number | null;
  sTextColor: string;
  sBgColor: string;
  sOrder: number;
  sStepId: number | null;
  /** [id, text, visibility, authorLabel, createdAt, origin, sendCommunication, attachmentName][] or null (none). */
  observations: ObservationTuple[] | null;
  /** [id, state, fileName, mediaType, size, sha256, requestNote, requestName, authorLabel, createdAt, uploadedAt,
   * linkPath, review][] or null (none). */
  attachments: AttachmentTuple[] | null;
};
export type ObservationTuple = [number, string, string, string, string, string | null, boolean, string | null];
export type AttachmentTuple = [
  number,
  string,
  string,
  string | null,
  number,
  string | null,
  string | null,
  string | null,
  string,
  string,
  string | null,
  string | null,
  string | null,
];

const text = (column: string) => `${column}::text`;
/** Output name → SQL expression, in ReadViewRow's order. */
const READ_COLUMNS: Array<[keyof ReadViewRow, string]> = [
  ["id", `d."id"`],
  ["statusId", `d."statusId"`],
  ["uuid", `d."uuid"`],
  ["productId", `d."productId"`],
  ["protocol", `d."protocol"`],
  ["filledColumns", `d."filledColumns"`],
  ["dateTime", text(`d."dateTime"`)],
  ["slaEndStatus", text(`d."slaEndStatus"`)],
  ["updatedAt", text(`d."updatedAt"`)],
  ["cpf", `d."cpf"`],
  ["email", `d."email"`],
  ["phone", `d."phone"`],
  ["name", `d."name"`],
  ["source", `d."source"`],
  ["modalityIdentifier", `d."modalityIdentifier"`],
  ["createdAt", text(`d."createdAt"`)],
  ["pName", `p."name"`],
  ["pDescription", `p."description"`],
  ["pSla", `p."defaultSlaHours"`],
  ["pActive", `p."active"`],
  ["pCreatedAt", text(`p."createdAt"`)],
  ["pUpdatedAt", text(`p."updatedAt"`)],
  ["sName", `s."name"`],
  ["sDescription", `s."description"`],
  ["cKey", `c."key"`],
  ["sCategoryId", `s."categoryId"`],
  ["cLabel", `c."label"`],
  ["sSla", `s."slaHours"`],
  ["sTextColor", `s."textColor"`],
  ["sBgColor", `s."bgColor"`],
  ["sOrder", `s."order"`],
  ["sStepId", `s."stepId"`],
  [
    "observations",
    `(SELECT json_agg(json_build_array(o."id", o."text", o."visibility", o."authorLabel", o."createdAt", o."origin",
        o."sendCommunication", o."attachmentName") ORDER BY o."createdAt", o."id")
      FROM "Observation" o WHERE o."documentId" = d."id")`,
  ],
  [
    "attachments",
    `(SELECT json_agg(json_build_array(a."id", a."state", a."fileName", a."mediaType", a."size", a."sha256",
        a."requestNote", a."requestName", a."authorLabel", a."createdAt", a."uploadedAt", a."linkPath", a."review")
        ORDER BY a."createdAt", a."id")
      FROM "Attachment" a WHERE a."documentId" = d."id")`,
  ],
];

/** The view's columns, each under its ReadViewRow name. */
const viewColumns = () => READ_COLUMNS.map(([name, sql]) => `${sql} AS "${name}"`).join(",\n  ");

const FROM = `FROM "Document" d
  JOIN "Status" s ON s."id" = d."statusId"
  JOIN "StatusCategory" c ON c."id" = s."categoryId"
  JOIN "Product" p ON p."id" = d."productId"`;

const DEFAULT_MASKED = `ARRAY[${DEFAULT_MASKED_FIELDS.map((field) => `'${field}'`).join(", ")}]::text[]`;
/** The fields the role's policy masks, as one comma-separated text (one sub-select, evaluated once per statement). */
const maskedFieldsSql = (instance: string, role: string) =>
  `array_to_string(coalesce((SELECT mp."maskedFields" FROM "MaskingPolicy" mp
    WHERE mp."instanceId" = ${instance} AND mp."role" = ${role}::"Role"), ${DEFAULT_MASKED}), ',')`;
/** The instance's category keys in order, as an array (names unknown keys in loadByCPF's 400). */
const knownCategoriesSql = (instance: string) =>
  `(SELECT array_agg(k."key" ORDER BY k."id") FROM "StatusCategory" k WHERE k."instanceId" = ${instance})`;

/** The instance's step map as one json value (read-step-cache.ts reads it as StepMapColumn). */
const stepMapSql = (instance: string) =>
  `json_build_object('map', (SELECT coalesce(json_agg(json_build_array(m."productId", m."statusId", m."stepId")), '[]')
      FROM "ProductStatusStep" m JOIN "Product" mp ON mp."id" = m."productId" WHERE mp."instanceId" = ${instance}),
    'steps', (SELECT coalesce(json_agg(json_build_array(t."id", t."productId", t."name", t."order")), '[]')
      FROM "ProductStep" t JOIN "Product" tp ON tp."id" = t."productId" WHERE tp."instanceId" = ${instance}))`;

/** The extra columns of a statement: the role's masked fields ("policy"), the instance's step map ("map"). */
const extraColumns = (personal: PersonalData, steps: StepData, $: Params) =>
  (personal === "policy" ? `,\n  ${maskedFieldsSql($.instance!, $.role!)} AS "masked"` : "") +
  (steps === "map" ? `,\n  ${stepMapSql($.instance!)} AS "stepMap"` : "");

/** A statement's parameters by name: `$n` in the order the caller passes them. */
type Params = Record<string, string>;

/** Every (personal, steps) variant of a statement, built once. */
const variants = (build: (personal: PersonalData, steps: StepData) => string) => ({
  clear: { cached: build("clear", "cached"), map: build("clear", "map") },
  policy: { cached: build("policy", "cached"), map: build("policy", "map") },
});

/**
 * $1 document id, $2 instance id (policy: $3 the caller's role) → one ReadViewRow (policy: + "masked", map: +
 * "stepMap"), or none.
 */
export function readViewByIdSql(personal: PersonalData, steps: StepData): string {
  return READ_VIEW_BY_ID_SQL[personal][steps];
}
const viewById = (personal: PersonalData, steps: StepData, $: Params = { id: "$1", instance: "$2", role: "$3" }) =>
  `SELECT ${viewColumns()}${extraColumns(personal, steps, $)}
  ${FROM}
  WHERE d."id" = ${$.id} AND d."instanceId" = ${$.instance}`;
const READ_VIEW_BY_ID_SQL = variants(viewById);
/** The clear read view by id, step map held (bench/api/planning-cost.ts measures it). */
export const READ_VIEW_BY_ID = READ_VIEW_BY_ID_SQL.clear.cached;

/** $1 instance id, $2 document ids (int[]) (policy: $3 the role) → their ReadViewRows in $2's order. */
export function readViewsByIdsSql(personal: PersonalData, steps: StepData): string {
  return READ_VIEWS_BY_IDS_SQL[personal][steps];
}
const viewsByIds = (personal: PersonalData, steps: StepData, $: Params = { instance: "$1", ids: "$2", role: "$3" }) =>
  `SELECT ${viewColumns()}${extraColumns(personal, steps, $)}
  ${FROM}
  WHERE d."instanceId" = ${$.instance} AND d."id" = ANY(${$.ids}::int[])
  ORDER BY array_position(${$.ids}::int[], d."id")`;
const READ_VIEWS_BY_IDS_SQL = variants(viewsByIds);

/**
 * The loadByCPF statement: $1 instance id, $2 the identifier (text) or identifiers (text[], exact match), with
 * `categories` $3 the category keys (text[]), with "policy" the caller's role (the next number) → the identifier's
 * ReadViewRows, newest first (policy: each with "masked"). Eight constant texts rather than one with `= ANY($2)` and
 * `cardinality($3) = 0 OR …`: that one's generic plan was estimated 9× dearer than a custom one (the array's length
 * unknown, the OR not folded), so PostgreSQL planned it on every call even as a prepared statement.
 *
 * With categories it also answers the instance's category keys in "known" (to name unknown ones in a 400), and always
 * at least one row: all NULL but "known" when no document matches. The category condition is
 * `array_position($3, c."key") IS NOT NULL`, not `c."key" = ANY($3)`: PostgreSQL estimates the latter from the array
 * it is given, so its generic plan was estimated dearer than the custom ones and it was planned on every call; the
 * function's selectivity is a constant, so the generic plan stays (checked with EXPLAIN EXECUTE after six calls).
 */
export function readViewsByCpfSql(
  identifiers: "one" | "many",
  categories: boolean,
  personal: PersonalData,
  steps: StepData,
): string {
  return READ_VIEWS_BY_CPF[identifiers][categories ? "some" : "all"][personal][steps];
}

const viewsByCpf = (identifiers: "one" | "many", categories: boolean, personal: PersonalData, steps: StepData) => {
  const $: Params = { instance: "$1", identifier: "$2", categories: "$3", role: categories ? "$4" : "$3" };
  const match = identifiers === "one" ? `d."cpf" = ${$.identifier}::text` : `d."cpf" = ANY(${$.identifier}::text[])`;
  const masked = extraColumns(personal, steps, $);
  if (!categories) {
    return `SELECT ${viewColumns()}${masked}
  ${FROM}
  WHERE d."instanceId" = ${$.instance} AND ${match}
  ORDER BY d."createdAt" DESC, d."id" DESC`;
  }
  const outer = READ_COLUMNS.map(([name]) => `v."${name}"`).join(", ");
  return `SELECT ${outer}, k."known"${masked}
  FROM (SELECT ${knownCategoriesSql($.instance!)} AS "known") k
  LEFT JOIN LATERAL (SELECT ${viewColumns()}, d."createdAt" AS "orderAt"
    ${FROM}
    WHERE d."instanceId" = ${$.instance} AND ${match}
      AND array_position(${$.categories}::text[], c."key") IS NOT NULL) v ON true
  ORDER BY v."orderAt" DESC, v."id" DESC`;
};

const byCpf = (identifiers: "one" | "many") => ({
  all: variants((personal, steps) => viewsByCpf(identifiers, false, personal, steps)),
  some: variants((personal, steps) => viewsByCpf(identifiers, true, personal, steps)),
});
const READ_VIEWS_BY_CPF = { one: byCpf("one"), many: byCpf("many") };
