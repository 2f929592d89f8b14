// PGlite's time per call of the read-view statements, clear against masked (issue 17): PGlite runs PostgreSQL in the
// app's own process, so the masks' cost in SQL is paid there. Alternating blocks on the benchmark's PGlite folder
// (`npm run bench -- embedded` seeds it); wall time per call of the one in-process connection.
//
//   npx tsx bench/api/pglite-masking.ts [folder] [calls]
import { loadavg } from "node:os";
import { PGlite } from "@electric-sql/pglite";
import { readViewByIdSql, readViewsByCpfSql } from "../../lib/documents/read-view-sql.ts";
import { maskPersonalValue, type PersonalField } from "../../lib/documents/mask.ts";
import { formattedCpf, identifierDigits } from "./seed.ts";

/** What the app did before (issue 17): parse the clear view, mask the default policy's fields, serialise again. */
const KEYS: Record<string, PersonalField> = { CPF: "cpf", Email: "email", Telefone: "phone" };
function maskInNode(text: string): string {
  const parsed = JSON.parse(text) as unknown;
  for (const view of (Array.isArray(parsed) ? parsed : [parsed]) as Array<{
    fields_to_show: Record<string, unknown>;
  }>) {
    for (const [key, field] of Object.entries(KEYS))
      view.fields_to_show[key] = maskPersonalValue(field, view.fields_to_show[key]);
  }
  return JSON.stringify(parsed);
}

const dir = process.argv[2] || "bench/out/pglite-100000";
const CALLS = Number(process.argv[3]) || 400;
const db = await PGlite.create(dir);
const { instanceId } = (await db.query<{ instanceId: number }>(`SELECT "instanceId" FROM "Document" LIMIT 1`)).rows[0]!;
const ids = (await db.query<{ id: number }>(`SELECT "id" FROM "Document" ORDER BY random() LIMIT $1`, [CALLS])).rows;
const cpf = (i: number) => (i % 2 ? formattedCpf(identifierDigits(i * 7 + 101)) : identifierDigits(i * 7 + 101));
const cases: Record<string, Array<[string, (i: number) => unknown[]]>> = {
  loadById: [
    ["clear", (i) => [ids[i]!.id, instanceId]],
    ["masked", (i) => [ids[i]!.id, instanceId, "staff"]],
  ],
  loadByCPF: [
    ["clear", (i) => [instanceId, cpf(i)]],
    ["masked", (i) => [instanceId, cpf(i), "staff"]],
  ],
};
for (const [route, variants] of Object.entries(cases)) {
  const ms: Record<string, number> = { clear: 0, masked: 0, "clear + masked in Node": 0 };
  for (let block = -1; block < 5; block += 1) {
    for (const [personal, params] of variants) {
      const text =
        route === "loadById"
          ? readViewByIdSql(personal as "clear" | "masked")
          : readViewsByCpfSql("one", false, personal as "clear" | "masked");
      const from = block < 0 ? 0 : (block * CALLS) / 5;
      const to = block < 0 ? 20 : ((block + 1) * CALLS) / 5;
      const started = performance.now();
      for (let i = from; i < to; i += 1) await db.query(text, params(i));
      if (block >= 0) ms[personal] = (ms[personal] ?? 0) + performance.now() - started;
      if (personal === "clear") {
        const nodeStarted = performance.now();
        for (let i = from; i < to; i += 1) {
          const { rows } = await db.query<{ view?: string; views?: string }>(text, params(i));
          const row = rows[0];
          if (row) maskInNode(row.view ?? row.views ?? "[]");
        }
        if (block >= 0)
          ms["clear + masked in Node"] = (ms["clear + masked in Node"] ?? 0) + performance.now() - nodeStarted;
      }
    }
  }
  console.log(
    `${route} on PGlite (${CALLS} calls each, load ${loadavg()[0]!.toFixed(1)}): clear ${(ms.clear! / CALLS).toFixed(3)} ms/call, ` +
      `masked in SQL ${(ms.masked! / CALLS).toFixed(3)} ms/call, clear + masked in Node ` +
      `${(ms["clear + masked in Node"]! / CALLS).toFixed(3)} ms/call`,
  );
}
await db.close();
