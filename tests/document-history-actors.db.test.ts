// The document's history names who acted as a person reads it: a user by their name (it showed the e-mail), a token by
// its own name (it showed "token:seed"), a sign-in token by its user's name; never another instance's user.
import { afterAll, beforeAll, expect, it } from "vitest";
import { systemActor, type Actor } from "@/lib/auth/actor.ts";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { createDocument } from "@/lib/documents/server/create-document.ts";
import { loadDocumentHistory } from "@/lib/documents/server/load-document-history.ts";
import { updateDocument } from "@/lib/documents/server/update-document.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let catalog: SeededCatalog;
let cleanup: () => Promise<void>;
let documentId = 0;
const actors: Record<string, Actor> = {};

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  const db = await getDb();
  catalog = await createInstanceWithCatalog(db, "default");
  const other = await createInstanceWithCatalog(db, "other");
  const user = (instanceId: number, name: string, email: string) =>
    db.user.create({ data: { instanceId, name, email, role: "staff", passwordHash: "x" } });
  const ana = await user(catalog.instanceId, "Ana Souza", "ana@example.com");
  const unnamed = await user(catalog.instanceId, "", "sem.nome@example.com");
  const token = (name: string, kind: "api" | "session", userId: number | null) =>
    db.apiToken.create({
      data: { instanceId: catalog.instanceId, name, kind, prefix: name, tokenHash: name, role: "staff", userId },
    });
  const seedToken = await token("seed", "api", null);
  const anasToken = await token("ana-sign-in", "session", ana.id);
  const base = { instanceId: catalog.instanceId, role: "staff" as const };
  actors.user = { ...base, type: "user", id: ana.id, label: ana.email, userId: ana.id };
  actors.unnamed = { ...base, type: "user", id: unnamed.id, label: unnamed.email, userId: unnamed.id };
  actors.token = { ...base, type: "token", id: seedToken.id, label: "token:seed", userId: null };
  actors.signIn = { ...base, type: "token", id: anasToken.id, label: ana.email, userId: ana.id };
  // A history row naming another instance's user id must not give that user's name away.
  const outsider = await user(other.instanceId, "Outra Pessoa", "outra@example.com");
  actors.outsider = { ...base, type: "user", id: outsider.id, label: "outra@example.com", userId: outsider.id };

  const created = await createDocument(
    { actor: systemActor("cli", catalog.instanceId) },
    { status_id: catalog.statusIds["Novo"]!, product_id: catalog.productId, cpf: "52998224725", name: "Cliente" },
  );
  documentId = created.id;
  for (const [index, who] of ["user", "unnamed", "token", "signIn", "outsider"].entries())
    await updateDocument({ actor: actors[who]! }, { id: documentId, phone: `+55 11 9000-000${index}` });
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

it("names each actor of the history: a user's name, a token's name, a system as a system", async () => {
  const history = await loadDocumentHistory(
    { actor: { ...systemActor("cli", catalog.instanceId), userId: null } },
    { id: documentId },
  );
  expect(history.map((entry) => [entry.actor_type, entry.actor_name])).toEqual([
    ["user", null],
    ["token", "Ana Souza"],
    ["token", "seed"],
    ["user", null],
    ["user", "Ana Souza"],
    ["system", null],
  ]);
  // The stored label stays as it was (the API's field), for whoever reads the raw history.
  expect(history.map((entry) => entry.actor_label)).toEqual([
    "outra@example.com",
    "ana@example.com",
    "token:seed",
    "sem.nome@example.com",
    "ana@example.com",
    "cli",
  ]);
});
