// Benchmark of one LGPD access package: a CPF with `BENCH_LGPD_DOCUMENTS` documents (default 500), each
// with one observation, two history rows, one 20 KB attachment and one e-mail, in an instance that also holds
// `BENCH_BACKGROUND` other documents (default 20,000). Reports the wall time of building the package (claim → read
// everything → zip → encrypt → commit), its size, and decrypting + unzipping it as the download does, three times
// in a row, on a fresh PGlite folder, or on a throwaway PostgreSQL database with BENCH_DATABASE_URL.
//
//   npm run bench -- lgpd-access                  BENCH_LGPD_DOCUMENTS=500 BENCH_BACKGROUND=20000
//   BENCH_DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:5432/postgres npm run bench -- lgpd-access
import { unzipSync } from "fflate";
import { createFreshDatabase } from "../tests/helpers/test-database.ts";

export async function run(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const kind = serverUrl ? "postgres" : "pglite";
  const perPerson = Number(process.env.BENCH_LGPD_DOCUMENTS) || 500;
  const background = Number(process.env.BENCH_BACKGROUND) || 20_000;
  process.env.LOG_LEVEL ??= "error";
  if (serverUrl) process.env.TEST_DATABASE_URL = serverUrl;
  else delete process.env.TEST_DATABASE_URL;
  const { cleanup } = await createFreshDatabase();

  const { deployMigrationsOnOpenDatabase } = await import("../lib/db/deploy.ts");
  const { getDb, closeDb } = await import("../lib/db/client.ts");
  const { createInstanceWithCatalog } = await import("../lib/seed/server/catalog.ts");
  const { processDueAccessRequests } = await import("../lib/lgpd/server/access-queue.ts");
  const { decryptPackage } = await import("../lib/lgpd/server/access-package-cipher.ts");
  await deployMigrationsOnOpenDatabase();
  const db = await getDb();
  const catalog = await createInstanceWithCatalog(db, "default");

  async function seed(prefix: string, count: number, cpf: string | null) {
    await db.$executeRawUnsafe(
      `INSERT INTO "Document" ("uuid", "instanceId", "protocol", "statusId", "productId", "cpf", "cpfDigits", "name",
       "email", "phone", "slaStart", "source", "filledColumns", "dateTime", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), $1, $2 || lpad(g::text, 7, '0'), $3, $4, coalesce($5, lpad(g::text, 11, '7')),
       coalesce($5, lpad(g::text, 11, '7')), 'Cliente ' || g, 'cliente' || g || '@example.com',
       '+55 11 9' || lpad(g::text, 8, '0'), now(), 'bench', jsonb_build_object('placa', 'ABC' || g), now(), now(), now()
     FROM generate_series(1, $6::int) AS g`,
      catalog.instanceId,
      `${prefix}-`,
      catalog.statusIds["Novo"],
      catalog.productId,
      cpf,
      count,
    );
    const docs = `SELECT id, cpf, name, email FROM "Document" WHERE protocol LIKE '${prefix}-%'`;
    await db.$executeRawUnsafe(
      `INSERT INTO "Observation" ("documentId", text, "authorLabel")
       SELECT id, 'Cliente ' || name || ' ligou; CPF conferido', 'token:bench' FROM (${docs}) d`,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO "DocumentHistory" ("documentId", action, "actorType", "actorLabel", changes)
       SELECT id, 'create', 'token'::"ActorType", 'token:bench', jsonb_build_array(
         jsonb_build_object('field', 'cpf', 'before', null, 'after', cpf),
         jsonb_build_object('field', 'name', 'before', null, 'after', name)) FROM (${docs}) d
       UNION ALL
       SELECT id, 'update', 'token'::"ActorType", 'token:bench',
         jsonb_build_array(jsonb_build_object('field', 'status_id', 'before', 1, 'after', 2)) FROM (${docs}) d`,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO "Attachment" ("documentId", "fileName", "mediaType", size, content, "authorLabel")
       SELECT id, 'rg.pdf', 'application/pdf', 20480, decode(repeat(md5(id::text), 640), 'hex'), 'token:bench'
         FROM (${docs}) d`,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO "OutboxMessage" ("instanceId", "documentId", recipient, subject, body, status)
       SELECT $1, id, email, 'Seu pedido', 'Olá ' || name, 'sent' FROM (${docs}) d`,
      catalog.instanceId,
    );
  }

  let started = performance.now();
  await seed("BG", background, null);
  const people = [0, 1, 2].map((i) => String(40_000_000_011 + i * 1_111_111));
  for (const [i, cpf] of people.entries()) await seed(`P${i}`, perPerson, cpf);
  await db.$executeRawUnsafe(`ANALYZE`);
  console.log(
    `${kind}: seeded ${background} background + ${people.length} × ${perPerson} documents (each with 1 observation, ` +
      `2 history rows, a 20 KB attachment, 1 e-mail) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  for (const cpf of people) {
    // What lib/lgpd/server/access-request-rows.ts records; the hash is not used by the builder.
    const request = await db.lgpdAccessRequest.create({
      data: {
        instanceId: catalog.instanceId,
        cpfHash: `bench-${cpf}`,
        cpfMasked: "***",
        cpfPending: cpf,
        pendingKey: `bench-${cpf}`,
      },
    });
    started = performance.now();
    const { results } = await processDueAccessRequests({ owner: "bench", limit: 1 });
    const buildMs = performance.now() - started;
    const row = await db.lgpdAccessRequest.findUniqueOrThrow({ where: { id: request.id } });
    started = performance.now();
    const files = unzipSync(decryptPackage(row.packageCipher!));
    const readMs = performance.now() - started;
    const outcome = results[0];
    console.log(
      `package of ${perPerson} documents: built in ${buildMs.toFixed(0)} ms ` +
        `(${outcome && "counts" in outcome ? JSON.stringify(outcome.counts) : JSON.stringify(outcome)}), ` +
        `${(row.packageSize! / 1024 / 1024).toFixed(1)} MiB zip, ${Object.keys(files).length} files; ` +
        `decrypt + unzip ${readMs.toFixed(0)} ms`,
    );
  }

  await closeDb();
  await cleanup();
}
