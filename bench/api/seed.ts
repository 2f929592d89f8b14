// Set-based seed for the API benchmark: N documents over N/10 identifiers in a few INSERT … SELECT generate_series
// statements (no per-row API calls). Skewed: 0.5% of the documents belong to 10 identifiers (hundreds each), 9.5%
// to the first 1% of identifiers (~100 each), the rest spread evenly (a few each). Half of the documents carry the
// CPF formatted (123.456.789-09), half bare. Per 10 documents: 5 observations, 3 attachments (2 uploaded, 1
// requested) and 20 history rows (create + one update each).
import type pg from "pg";

/** The i-th identifier's 11 digits (the same formula the seed SQL uses). */
export function identifierDigits(index: number): string {
  return String(10_000_000_000 + index * 7919).padStart(11, "0");
}

export function formattedCpf(digits: string): string {
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

export type SeedInput = {
  instanceId: number;
  productId: number;
  statusIds: number[];
  modality: { id: number; identifier: string };
  documents: number;
};

/** Which identifier document g belongs to (SQL expression over g and the identifier count k). */
const CUSTOMER_OF = `CASE WHEN g % 200 = 0 THEN (g / 200) % 10
  WHEN g % 10 = 0 THEN (g * 31) % greatest(k / 100, 1)
  ELSE (g * 7 + g / 13) % k END`;

export async function seedDocuments(client: pg.ClientBase, input: SeedInput): Promise<Record<string, number>> {
  const k = Math.max(1, Math.floor(input.documents / 10));
  const timings: Record<string, number> = {};
  const timed = async (name: string, sql: string, params: unknown[] = []) => {
    const started = performance.now();
    await client.query(sql, params);
    timings[name] = Math.round(performance.now() - started);
  };
  // Documents: statuses cycle, creation over two years, 90% with an SLA, realistic product columns.
  await timed(
    "documents",
    `INSERT INTO "Document" ("uuid", "instanceId", "protocol", "statusId", "productId", "modalityId",
       "modalityIdentifier", "cpf", "cpfDigits", "name", "email", "phone", "slaTotal", "slaStart", "slaEnd",
       "slaEndStatus", "source", "filledColumns", "dateTime", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), $1, 'B' || lpad(g::text, 9, '0'), ($3::int[])[1 + g % array_length($3::int[], 1)], $2,
       CASE WHEN g % 3 = 0 THEN $4::int END, CASE WHEN g % 3 = 0 THEN $5::text END,
       CASE WHEN g % 2 = 0 THEN substr(d, 1, 3) || '.' || substr(d, 4, 3) || '.' || substr(d, 7, 3) || '-' || substr(d, 10, 2)
            ELSE d END,
       d, 'Cliente ' || c, 'cliente' || c || '@example.com', '+55 11 9' || lpad((c % 100000000)::text, 8, '0'),
       CASE WHEN g % 10 <> 0 THEN 72 END, t, CASE WHEN g % 10 <> 0 THEN t + interval '72 hours' END,
       t + interval '24 hours', (ARRAY['api', 'portal', 'import', 'crm'])[1 + g % 4],
       jsonb_build_object('placa', 'ABC' || lpad((g % 10000)::text, 4, '0'), 'valor_segurado', 20000 + (g % 900) * 100,
         'inicio_vigencia', to_char(t, 'YYYY-MM-DD'), 'corretor', 'Corretor ' || (g % 50),
         'observacoes_internas', CASE WHEN g % 4 = 0 THEN 'renovação com desconto de ' || (g % 20) || '%' END),
       t, t, t
     FROM (SELECT g, c, lpad((10000000000 + c * 7919)::text, 11, '0') AS d,
             now() - ((g * 37) % 1051200) * interval '1 minute' AS t
           FROM (SELECT g, ${CUSTOMER_OF} AS c FROM generate_series(1, $6::int) AS g, (SELECT $7::int AS k) AS kk) AS gc
          ) AS rows`,
    [
      input.instanceId,
      input.productId,
      input.statusIds,
      input.modality.id,
      input.modality.identifier,
      input.documents,
      k,
    ],
  );
  const range = `SELECT min("id") AS lo FROM "Document" WHERE "instanceId" = $1`;
  const lo = Number((await client.query(range, [input.instanceId])).rows[0].lo);
  await timed(
    "observations",
    `INSERT INTO "Observation" ("documentId", "text", "visibility", "authorLabel", "createdAt")
     SELECT $1::int + (g / 2) * 2 + (g % 2), 'Cliente enviou documentação complementar (' || g || ')',
       (CASE WHEN g % 3 = 0 THEN 'customer' ELSE 'internal' END)::"ObservationVisibility", 'token:crm',
       now() - (g % 100000) * interval '1 minute'
     FROM generate_series(0, $2::int - 1, 2) AS g`,
    [lo, input.documents],
  );
  await timed(
    "attachments",
    `INSERT INTO "Attachment" ("documentId", "state", "fileName", "mediaType", "size", "sha256", "requestNote",
       "authorLabel", "createdAt", "uploadedAt")
     SELECT $1::int + g / 3 * 10 + g % 3,
       (CASE WHEN g % 3 = 2 THEN 'pending' ELSE 'uploaded' END)::"AttachmentState",
       'documento-' || g || '.pdf', CASE WHEN g % 3 <> 2 THEN 'application/pdf' END,
       CASE WHEN g % 3 <> 2 THEN 50000 + g % 1000 ELSE 0 END,
       CASE WHEN g % 3 <> 2 THEN md5(g::text) || md5((g + 1)::text) END,
       CASE WHEN g % 3 = 2 THEN 'Enviar CNH' END, 'token:crm', now() - (g % 50000) * interval '1 minute',
       CASE WHEN g % 3 <> 2 THEN now() - (g % 50000) * interval '1 minute' END
     FROM generate_series(0, ($2::int / 10) * 3 - 1) AS g`,
    [lo, input.documents],
  );
  await timed(
    "history",
    `INSERT INTO "DocumentHistory" ("documentId", "action", "actorType", "actorId", "actorLabel", "changes", "createdAt")
     SELECT d."id", a.action, 'token', 1, 'token:crm',
       CASE WHEN a.action = 'create' THEN jsonb_build_array(jsonb_build_object('field', 'cpf', 'before', null, 'after', d."cpf"))
            ELSE jsonb_build_array(jsonb_build_object('field', 'filled_columns.placa', 'before', null, 'after', 'XYZ')) END,
       d."createdAt"
     FROM "Document" d CROSS JOIN (VALUES ('create'), ('update')) AS a(action)
     WHERE d."instanceId" = $1`,
    [input.instanceId],
  );
  await timed("analyze", `ANALYZE`);
  return timings;
}
