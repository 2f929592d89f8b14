// The queue's assignment and KPI filters: assignee (a user, "me", "none"), open/finished, due on a day,
// finished from a day; list items carry the responsible user's name; the filter options list users by name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "@/lib/auth/actor.ts";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { createDocument } from "@/lib/documents/server/create-document.ts";
import { loadFilterOptions } from "@/lib/documents/server/load-filter-options.ts";
import { searchDocuments } from "@/lib/documents/server/search-documents.ts";
import { ZSearchDocumentsBody, type DocumentFilters } from "@/lib/documents/search-schema.ts";
import { parseListQuery, listQueryToParams } from "@/lib/documents/search-url.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let catalog: SeededCatalog;
let other: SeededCatalog;
let cleanup: () => Promise<void>;
const users = { ana: 0, bruno: 0, outsider: 0 };
const docs: Record<string, number> = {};

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  const db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  other = await createInstanceWithCatalog(db, "other");
  const user = (instanceId: number, name: string, email: string) =>
    db.user.create({ data: { instanceId, name, email, role: "staff", passwordHash: "x" } });
  users.ana = (await user(catalog.instanceId, "Ana Souza", "ana@example.com")).id;
  users.bruno = (await user(catalog.instanceId, "Bruno Lima", "bruno@example.com")).id;
  users.outsider = (await user(other.instanceId, "Outra Pessoa", "outra@example.com")).id;
  const actor = systemActor("cli", catalog.instanceId);
  for (const key of ["anaOpen", "anaDone", "brunoOpen", "nobodyOpen", "nobodyDue", "nobodyDoneOld"]) {
    const created = await createDocument(
      { actor },
      {
        status_id: catalog.statusIds["Novo"],
        product_id: catalog.productId,
        cpf: "52998224725",
        name: key,
      },
    );
    docs[key] = created.id;
  }
  const now = Date.now();
  const set = (key: string, data: Record<string, unknown>) => db.document.update({ where: { id: docs[key]! }, data });
  await set("anaOpen", { userId: users.ana });
  const done = catalog.statusIds["Concluído"];
  await set("anaDone", { userId: users.ana, statusId: done, dateFinished: new Date(now - 3_600_000) });
  await set("brunoOpen", { userId: users.bruno });
  await set("nobodyDue", { slaEnd: new Date("2026-03-10T15:00:00Z") });
  await set("nobodyDoneOld", { statusId: done, dateFinished: new Date("2026-01-05T12:00:00Z") });
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

/** The CLI's actor, acting as the user `me` when given (what assignee "me" means). */
const ctx = (me: number | null = null) => ({ actor: { ...systemActor("cli", catalog.instanceId), userId: me } });
const names = async (filters: DocumentFilters, me: number | null = null) => {
  const answer = await searchDocuments(ctx(me), { query: ZSearchDocumentsBody.parse({ filters, page_size: 100 }) });
  return answer.items.map((item) => item.name).sort();
};

describe("assignment filters", () => {
  it("assignee = a user, me, none", async () => {
    expect(await names({ assignee: users.ana })).toEqual(["anaDone", "anaOpen"]);
    expect(await names({ assignee: "me" }, users.bruno)).toEqual(["brunoOpen"]);
    expect(await names({ assignee: "none" })).toEqual(["nobodyDoneOld", "nobodyDue", "nobodyOpen"]);
    // A token without a user has no "me": nothing, not everything.
    expect(await names({ assignee: "me" }, null)).toEqual([]);
    // Another instance's user matches nothing here.
    expect(await names({ assignee: users.outsider })).toEqual([]);
  });

  it("open / finished, due on a day, finished from a day", async () => {
    expect(await names({ state: "open", assignee: "me" }, users.ana)).toEqual(["anaOpen"]);
    // Open/finished by the status's category kind (as the dashboard counts), paused ones are open.
    expect(await names({ state: "finished" })).toEqual(["anaDone", "nobodyDoneOld"]);
    expect(await names({ state: "open" })).toEqual(["anaOpen", "brunoOpen", "nobodyDue", "nobodyOpen"]);
    // 15:00Z is 12:00 in São Paulo on 2026-03-10; the day before and after do not match.
    expect(await names({ due_on: "2026-03-10" })).toEqual(["nobodyDue"]);
    expect(await names({ due_on: "2026-03-11" })).toEqual([]);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toLocaleDateString("en-CA", {
      timeZone: "America/Sao_Paulo",
    });
    expect(await names({ finished_from: weekAgo })).toEqual(["anaDone"]);
    expect(await names({ finished_from: "2026-01-01" })).toContain("nobodyDoneOld");
  });

  it("list items carry the responsible user's name, never the e-mail", async () => {
    const answer = await searchDocuments(ctx(), {
      query: ZSearchDocumentsBody.parse({ filters: { assignee: users.ana } }),
    });
    expect(answer.items.map((item) => item.assignee)).toEqual([
      { id: users.ana, name: "Ana Souza" },
      { id: users.ana, name: "Ana Souza" },
    ]);
    expect(JSON.stringify(answer.items)).not.toContain("ana@example.com");
    const unassigned = await searchDocuments(ctx(), {
      query: ZSearchDocumentsBody.parse({ filters: { assignee: "none" } }),
    });
    expect(unassigned.items.every((item) => item.assignee === null)).toBe(true);
  });

  it("filter options: the instance's users by name, and who 'me' is", async () => {
    const bruno = { type: "user", id: users.bruno, label: "bruno@example.com", role: "staff" } as const;
    const options = await loadFilterOptions({
      actor: { ...bruno, instanceId: catalog.instanceId, userId: users.bruno },
    });
    expect(options.users.map((user) => user.name)).toEqual(["Ana Souza", "Bruno Lima"]);
    expect(options.me).toBe(users.bruno);
    expect(JSON.stringify(options.users)).not.toContain("@");
  });

  it("the page URL round-trips the new filters; a bad value is dropped", () => {
    const query = parseListQuery(new URLSearchParams("resp=me&state=open&due=2026-03-10&done_from=2026-03-09"));
    expect(query.filters).toEqual({ assignee: "me", state: "open", due_on: "2026-03-10", finished_from: "2026-03-09" });
    expect(listQueryToParams(query).toString()).toBe("resp=me&state=open&due=2026-03-10&done_from=2026-03-09");
    expect(parseListQuery(new URLSearchParams("resp=7")).filters).toEqual({ assignee: 7 });
    expect(parseListQuery(new URLSearchParams("resp=someone&state=late&due=2026-02-30")).filters).toEqual({});
  });
});
