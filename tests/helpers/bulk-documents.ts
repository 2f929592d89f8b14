import type { Db } from "@/lib/db/client.ts";

/**
 * Inserts `count` documents in one INSERT … SELECT generate_series (fast on PGlite and PostgreSQL alike), with
 * distinct names, e-mails and product columns, for export tests and benchmarks. Returns nothing: callers count.
 */
export async function insertBulkDocuments(
  db: Db,
  input: { instanceId: number; statusId: number; productId: number; count: number; prefix?: string },
): Promise<void> {
  const prefix = input.prefix ?? "BULK";
  await db.$executeRaw`
    INSERT INTO "Document" ("uuid", "instanceId", "protocol", "statusId", "productId", "cpf", "cpfDigits", "name",
      "email", "phone", "slaTotal", "slaStart", "slaEnd", "source", "filledColumns", "dateTime", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), ${input.instanceId}, ${prefix} || '-' || lpad(g::text, 7, '0'), ${input.statusId},
      ${input.productId}, '123.456.789-09', '12345678909', 'Cliente ' || g || ', "teste"', 'cliente' || g || '@example.com',
      '+55 11 9' || lpad(g::text, 8, '0'), 24, now() - g * interval '1 minute', now() - g * interval '1 minute' + interval '24 hours',
      'bulk', jsonb_build_object('placa', 'ABC' || g, 'valor_segurado', g), now(), now() - g * interval '1 minute', now()
    FROM generate_series(1, ${input.count}::int) AS g`;
}
