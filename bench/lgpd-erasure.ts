// Benchmark of one LGPD deletion of a CPF with 500 documents (each with an observation and two history rows) in
// an instance that also holds `BENCH_BACKGROUND` other documents with the same children, a few of which mention the
// person (so the masking pass has work). Reports the wall time of processing each request (claim → commit), three
// people in a row, on a fresh PGlite folder, or on a throwaway PostgreSQL database with BENCH_DATABASE_URL.
//
//   npm run bench -- lgpd-erasure                 BENCH_LGPD_DOCUMENTS=500 BENCH_BACKGROUND=20000
//   BENCH_DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:5432/postgres npm run bench -- lgpd-erasure
import { createFreshDatabase } from "../tests/helpers/test-database.ts";

export async function run(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const kind = serverUrl ? "postgres" : "pglite";
  const perPerson = Number(process.env.BENCH_LGPD_DOCUMENTS) || 500;
  const background = Number(process.env.BENCH_BACKGROUND) || 20_000;
  process.env.LOG_LEVEL ??= "error";

  // The tests' fresh-database helper: a temporary PGlite folder, or a new database on TEST_DATABASE_URL's server.
  if (serverUrl) process.env.TEST_DATABASE_URL = serverUrl;
  else delete process.env.TEST_DATABASE_URL;
  const { cleanup } = await createFreshDatabase();

  const { deployMigrationsOnOpenDatabase } = await import("../lib/db/deploy.ts");
  const { getDb, closeDb } = await import("../lib/db/client.ts");
  const { createInstanceWithCatalog } = await import("../lib/seed/server/catalog.ts");
  const { processDueRequests } = await import("../lib/lgpd/server/deletion-queue.ts");
  await deployMigrationsOnOpenDatabase();
  const db = await getDb();
  const catalog = await createInstanceWithCatalog(db, "default");
  const statusId = catalog.statusIds["Novo"];

  /** `count` documents for one CPF (or, with cpf null, distinct ones), each with one observation and two history rows. */
  async function seed(prefix: string, count: number, person: Person | null) {
    await db.$executeRawUnsafe(
      `INSERT INTO "Document" ("uuid", "instanceId", "protocol", "statusId", "productId", "cpf", "cpfDigits", "name",
       "email", "phone", "slaStart", "source", "filledColumns", "dateTime", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), $1, $2 || lpad(g::text, 7, '0'), $3, $4,
       coalesce($5, lpad(g::text, 11, '7')), coalesce($6, lpad(g::text, 11, '7')),
       coalesce($7, 'Cliente ' || g), coalesce($8, 'cliente' || g || '@example.com'), coalesce($10, '+55 11 9' || lpad(g::text, 8, '0')),
       now(), 'bench', jsonb_build_object('placa', 'ABC' || g), now(), now(), now()
     FROM generate_series(1, $9::int) AS g`,
      catalog.instanceId,
      `${prefix}-`,
      statusId,
      catalog.productId,
      person ? formatCpf(person.cpf) : null,
      person?.cpf ?? null,
      person?.name ?? null,
      person?.email ?? null,
      count,
      person?.phone ?? null,
    );
    const docs = `SELECT id, cpf, name, email, phone FROM "Document" WHERE protocol LIKE '${prefix}-%'`;
    await db.$executeRawUnsafe(
      `INSERT INTO "Observation" ("documentId", text, "authorLabel")
     SELECT id, 'Cliente ' || name || ' ligou; CPF conferido', 'token:bench' FROM (${docs}) d`,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO "DocumentHistory" ("documentId", action, "actorType", "actorLabel", changes)
     SELECT id, 'create', 'token'::"ActorType", 'token:bench', jsonb_build_array(
       jsonb_build_object('field', 'cpf', 'before', null, 'after', cpf),
       jsonb_build_object('field', 'name', 'before', null, 'after', name),
       jsonb_build_object('field', 'email', 'before', null, 'after', email),
       jsonb_build_object('field', 'phone', 'before', null, 'after', phone)) FROM (${docs}) d
     UNION ALL
     SELECT id, 'update', 'token'::"ActorType", 'token:bench',
       jsonb_build_array(jsonb_build_object('field', 'status_id', 'before', 1, 'after', 2)) FROM (${docs}) d`,
    );
  }

  // Valid CPFs are not needed here (requests are recorded directly); distinct 11-digit strings are.
  // The first two people use one phone on all their documents; the third a different one on each (the worst case:
  // 1,500 phone forms to look for).
  const people: Person[] = [0, 1, 2].map((i) => ({
    cpf: String(40_000_000_011 + i * 1_111_111),
    name: `Pessoa Benchmark ${["Alfa", "Beta", "Gama"][i]}`,
    email: `pessoa${i}@bench.test`,
    phone: i < 2 ? `+55 21 9${String(8765432 + i).padStart(8, "0")}` : null,
  }));
  let started = performance.now();
  await seed("BG", background, null);
  for (const [i, person] of people.entries()) await seed(`P${i}`, perPerson, person);
  // A few of the background documents mention each person (another document's observation).
  for (const person of people) {
    await db.$executeRawUnsafe(
      `INSERT INTO "Observation" ("documentId", text, "authorLabel")
     SELECT id, $1, 'token:bench' FROM "Document" WHERE protocol LIKE 'BG-%' ORDER BY id LIMIT 5`,
      `Falar com ${person.name} (${formatCpf(person.cpf)})`,
    );
  }
  await db.$executeRawUnsafe(`ANALYZE`);
  console.log(
    `${kind}: seeded ${background} background + ${people.length} × ${perPerson} documents ` +
      `(each with 1 observation, 2 history rows) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  for (const person of people) {
    // What lib/lgpd/server/deletion-request-rows.ts records (that module is server-only); the hash is not used by the processor.
    await db.lgpdRequest.create({
      data: {
        instanceId: catalog.instanceId,
        cpfHash: `bench-${person.cpf}`,
        cpfMasked: "***",
        cpfPending: person.cpf,
        pendingKey: `bench-${person.cpf}`,
      },
    });
    started = performance.now();
    const { results } = await processDueRequests({ owner: "bench", limit: 1 });
    const ms = performance.now() - started;
    const phones = person.phone ? "one phone" : `${perPerson} phones`;
    console.log(`deletion of ${perPerson} documents (${phones}): ${ms.toFixed(0)} ms — ${JSON.stringify(results[0])}`);
  }

  await closeDb();
  await cleanup();
}

type Person = { cpf: string; name: string; email: string; phone: string | null };

const formatCpf = (digits: string) =>
  `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
