import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const { PGlite } = await import("@electric-sql/pglite");
const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
for (const ext of [false, true, false]) {
  const dir = mkdtempSync(path.join(tmpdir(), "dbcli-fresh-"));
  let t = cpu();
  const p = await PGlite.create(dir, ext ? { extensions: { pg_trgm } } : {});
  console.log("fresh create ext=", ext, (cpu() - t).toFixed(2));
  t = cpu();
  await p.close();
  const q = await PGlite.create(dir, ext ? { extensions: { pg_trgm } } : {});
  await q.close();
  console.log("reopen", (cpu() - t).toFixed(2));
}
const t = cpu();
const m = await PGlite.create();
console.log("memory create", (cpu() - t).toFixed(2));
