// Named statements on PGlite (lib/db/pglite-prepared.ts): the same rows, row counts and errors as PGlite's own `query`,
// inside and outside transactions, and the statement parsed once (it stays in pg_prepared_statements).
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pgliteSession } from "@/lib/db/sql-session.ts";

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`CREATE TABLE t (id serial PRIMARY KEY, code text UNIQUE, n numeric, big bigint, j jsonb,
    at timestamptz(3), tags text[], ok boolean)`);
});
afterAll(async () => {
  await pglite.close();
});

const SELECT = `SELECT id, code, n, big, j, at, at::text AS at_text, tags, ok, json_build_array(id, code) AS arr,
  $2::text AS echo FROM t WHERE id >= $1 ORDER BY id`;

describe("named statements on PGlite", () => {
  it("answer what PGlite's query answers, count written rows, and are parsed once", async () => {
    const prepared = pgliteSession(pglite, { prepared: true });
    const insert = `INSERT INTO t (code, n, big, j, at, tags, ok) VALUES ($1, $2, $3, $4, $5, $6, $7)`;
    const first = await prepared.query(insert, [
      "a",
      1.5,
      9007199254740993n,
      { x: [1, "ç"] },
      new Date(0),
      ["p", "q"],
      true,
    ]);
    expect(first.rowCount).toBe(1);
    await prepared.query(insert, ["b", null, null, null, null, null, null]);
    expect((await prepared.query(`UPDATE t SET ok = false WHERE id > $1`, [0])).rowCount).toBe(2);

    const expected = await pglite.query(SELECT, [1, "eco"]);
    const answered = await prepared.query(SELECT, [1, "eco"]);
    expect(answered.rows).toEqual(expected.rows);
    expect(answered.rowCount).toBe(2);
    expect(answered.rows[0]).toMatchObject({ code: "a", j: { x: [1, "ç"] }, tags: ["p", "q"], echo: "eco" });

    const names = await pglite.query<{ statement: string }>(`SELECT statement FROM pg_prepared_statements`);
    expect(names.rows.filter((row) => row.statement === SELECT)).toHaveLength(1);
  });

  it("raise PostgreSQL's errors with their codes and leave the connection usable; roll back with the transaction", async () => {
    const prepared = pgliteSession(pglite, { prepared: true });
    const insert = `INSERT INTO t (code) VALUES ($1)`;
    await expect(prepared.query(insert, ["a"])).rejects.toMatchObject({ code: "23505" });
    await expect(prepared.query(`SELECT * FROM nowhere WHERE id = $1`, [1])).rejects.toMatchObject({ code: "42P01" });
    await expect(
      prepared.transaction(async (sql) => {
        await sql(insert, ["rolled back"]);
        await sql(insert, ["a"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    const committed = await prepared.transaction(async (sql) => (await sql(insert, ["c"])).rowCount);
    expect(committed).toBe(1);
    const codes = (await prepared.query<{ code: string }>(`SELECT code FROM t WHERE id > $1 ORDER BY id`, [0])).rows;
    expect(codes.map((row) => row.code)).toEqual(["a", "b", "c"]);
  });
});

describe("named statements shared by two copies of the module", () => {
  // Next's server bundle and the code around it (the test process's own imports, or another bundle of the same file)
  // hold separate copies of lib/db/pglite-prepared.ts on the one PGlite handle: the statements already parsed must be
  // known per handle, not per copy, or the second copy's Parse fails with "prepared statement … already exists"
  // (seen in auth-token.http: the test looked a token up directly, then the server did the same over HTTP).
  it("a statement parsed by one copy is used, not parsed again, by another", async () => {
    const text = `SELECT count(*)::int AS n FROM t WHERE id > $1`;
    const one = await import("@/lib/db/pglite-prepared.ts");
    vi.resetModules();
    const other = await import("@/lib/db/pglite-prepared.ts");
    expect(other.pglitePreparedQuery).not.toBe(one.pglitePreparedQuery);
    const first = await one.pglitePreparedQuery(pglite, "copies_count", text, [0], false);
    const second = await other.pglitePreparedQuery(pglite, "copies_count", text, [0], false);
    expect(second.rows).toEqual(first.rows);
    const parsed = await pglite.query(
      `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'copies_count'`,
    );
    expect(parsed.rows).toEqual([{ n: 1 }]);
  });
});
