// Saved views: kept personal (the default) or shared with everyone of the owner's instance; a colleague sees a shared
// one (named after its owner) but cannot delete it; another instance never sees it.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor.ts";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { createSavedFilter } from "@/lib/saved-filters/server/create-saved-filter.ts";
import { deleteSavedFilter } from "@/lib/saved-filters/server/delete-saved-filter.ts";
import { listSavedFilters } from "@/lib/saved-filters/server/list-saved-filters.ts";
import { createInstanceWithCatalog } from "@/lib/seed/server/catalog.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let cleanup: () => Promise<void>;
const actors: Record<"lead" | "operator" | "outsider", Actor> = {} as never;

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  const db = await getDb();
  const home = await createInstanceWithCatalog(db, "default");
  const other = await createInstanceWithCatalog(db, "other");
  const person = async (key: keyof typeof actors, instanceId: number, name: string) => {
    const user = await db.user.create({
      data: { instanceId, name, email: `${key}@example.com`, role: "staff", passwordHash: "x" },
    });
    actors[key] = { type: "user", id: user.id, label: user.email, instanceId, role: "staff", userId: user.id };
  };
  await person("lead", home.instanceId, "Lia Líder");
  await person("operator", home.instanceId, "Otto Operador");
  await person("outsider", other.instanceId, "Fora");
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

it("a shared view is the team's, a personal one its owner's", async () => {
  const late = await createSavedFilter(
    { actor: actors.lead },
    { name: "Atrasados da equipe", filters: { state: "open", sla: "late" }, shared: true },
  );
  expect(late).toMatchObject({ shared: true, mine: true, owner: "Lia Líder" });
  const mine = await createSavedFilter({ actor: actors.lead }, { name: "Só meus", filters: { assignee: "me" } });
  expect(mine.shared).toBe(false);
  await createSavedFilter({ actor: actors.operator }, { name: "Da Otto", filters: { state: "open" } });

  const seenBy = async (who: keyof typeof actors) =>
    (await listSavedFilters({ actor: actors[who] })).map((view) => [view.name, view.mine, view.owner]);
  expect(await seenBy("lead")).toEqual([
    ["Atrasados da equipe", true, "Lia Líder"],
    ["Só meus", true, "Lia Líder"],
  ]);
  expect(await seenBy("operator")).toEqual([
    ["Da Otto", true, "Otto Operador"],
    ["Atrasados da equipe", false, "Lia Líder"],
  ]);
  expect(await seenBy("outsider")).toEqual([]);

  // A colleague cannot delete the lead's shared view; the lead can.
  await expect(deleteSavedFilter({ actor: actors.operator }, { id: late.id })).rejects.toMatchObject({
    kind: "not_found",
  });
  await deleteSavedFilter({ actor: actors.lead }, { id: late.id });
  expect(await seenBy("operator")).toEqual([["Da Otto", true, "Otto Operador"]]);
});
