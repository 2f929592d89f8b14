// The GIN indexes' pending lists are folded in the background (lib/ops/server/search-index-upkeep.ts), so that no
// write has to fold a full one: the write that overflowed a list waited 0.36–0.54 s holding its row locks, once every
// 1,000–1,600 updates (docs/decisions/0034-search-index-upkeep.md). PGlite, and PostgreSQL with TEST_DATABASE_URL; the
// loop
// itself runs on PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor.ts";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { defaultSession } from "@/lib/db/sql-session.ts";
import { createDocument } from "@/lib/documents/server/create-document.ts";
import {
  foldSchedule,
  foldSearchIndexes,
  MAX_SECONDS,
  MIN_SECONDS,
  nextFoldSeconds,
  startSearchIndexUpkeep,
  TARGET_PAGES,
} from "@/lib/ops/server/search-index-upkeep.ts";
import { createInstanceWithCatalog, type SeededCatalog } from "@/lib/seed/server/catalog.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let cleanup: () => Promise<void>;
let catalog: SeededCatalog;
let staff: Actor;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  catalog = await createInstanceWithCatalog(await getDb(), "upkeep");
  staff = { type: "token", id: 1, label: "token:1", instanceId: catalog.instanceId, role: "staff", userId: null };
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

/** Documents whose text fills the search indexes' pending lists (a few pages each list). */
async function writeDocuments(count: number) {
  for (let i = 0; i < count; i++) {
    await createDocument(
      { actor: staff, requestId: `req-upkeep-${i}` },
      {
        status_id: catalog.statusIds["Novo"],
        product_id: catalog.productId,
        cpf: "529.982.247-25",
        name: `Cliente ${i} ${"abcdefghijklmnopqrstuvwxyz".slice(i % 13)}`,
        filled_columns: { placa: `ABC${1000 + i}`, observacao: `texto livre numero ${i} ${"xyzw".repeat(i % 7)}` },
      },
    );
  }
}

/** Folds every list now; answers the pages the lists held in all. */
const fold = async (skip: number[] = []) =>
  (await foldSearchIndexes((await defaultSession()).query, skip)).reduce((sum, { pages }) => sum + pages, 0);

describe("the search indexes' pending lists", () => {
  it("writes leave entries pending; one fold takes them into the indexes and leaves the lists empty", async () => {
    await fold();
    await writeDocuments(40);
    expect(await fold()).toBeGreaterThan(0);
    expect(await fold()).toBe(0);
  });

  it("a fold leaves out the indexes it is told to: their entries stay pending for their own turn", async () => {
    const indexes = (await foldSearchIndexes((await defaultSession()).query)).map((fold) => fold.index);
    expect(indexes.length).toBeGreaterThanOrEqual(4); // the documents' find and search text, the history's two
    await writeDocuments(20);
    const folded = await foldSearchIndexes((await defaultSession()).query, indexes.slice(1));
    expect(folded.map((fold) => fold.index)).toEqual([indexes[0]]);
    expect(await fold([indexes[0]!])).toBeGreaterThan(0);
  });

  it.runIf(onPostgres)("the background loop folds what writes left pending, with no fold by the writes", async () => {
    await fold();
    await writeDocuments(40);
    const loop = startSearchIndexUpkeep({ owner: "test-upkeep", unref: true });
    expect(loop).not.toBeNull();
    // Its first fold runs at once (a 0 ms timer set before this one); stop waits for the fold in progress.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await loop!.stop();
    expect(await fold()).toBe(0);
  });

  it.runIf(onPostgres)("SEARCH_INDEX_UPKEEP=off leaves the folds to the writes: no loop", () => {
    process.env.SEARCH_INDEX_UPKEEP = "off";
    try {
      expect(startSearchIndexUpkeep({ owner: "test-upkeep", unref: true })).toBeNull();
    } finally {
      delete process.env.SEARCH_INDEX_UPKEEP;
    }
  });

  it.runIf(!onPostgres)("on PGlite the loop is not started: one connection, where a fold blocks every query", () => {
    expect(startSearchIndexUpkeep({ owner: "test-upkeep", unref: true })).toBeNull();
  });

  it("the loop paces itself: idle it slows to MAX_SECONDS, under writes it aims at TARGET_PAGES per fold", () => {
    let seconds = MIN_SECONDS;
    for (let i = 0; i < 10; i++) seconds = nextFoldSeconds(seconds, 0);
    expect(seconds).toBe(MAX_SECONDS);
    // A burst: a full list (about 500 pages) brings it down at most eightfold per fold, never under MIN_SECONDS.
    expect(nextFoldSeconds(MAX_SECONDS, 500)).toBeCloseTo((MAX_SECONDS * TARGET_PAGES) / 500);
    expect(nextFoldSeconds(MAX_SECONDS, 5_000)).toBe(MAX_SECONDS / 8);
    expect(nextFoldSeconds(MIN_SECONDS, 500)).toBe(MIN_SECONDS);
    // Small folds stretch the pause (at most twofold); folds of TARGET_PAGES keep it.
    expect(nextFoldSeconds(4, 12)).toBe(8);
    expect(nextFoldSeconds(4, TARGET_PAGES)).toBe(4);
  });

  it("each index keeps its own pace; one a migration dropped is forgotten", () => {
    let clock = 0;
    const schedule = foldSchedule(() => clock);
    expect(schedule.secondsToNext()).toBe(MIN_SECONDS);
    schedule.record(
      [
        { index: 1, pages: 0 },
        { index: 2, pages: TARGET_PAGES * 2 },
        { index: 3, pages: 0 },
      ],
      [],
    );
    expect(schedule.notDue().sort()).toEqual([1, 2, 3]);
    expect(schedule.secondsToNext()).toBe(MIN_SECONDS); // index 2 fills fast: its pause stays at the minimum
    clock = MIN_SECONDS * 1000;
    expect(schedule.notDue().sort()).toEqual([1, 3]);
    schedule.record([{ index: 2, pages: TARGET_PAGES }], [1, 3]);
    clock = 2 * MIN_SECONDS * 1000 + 1;
    schedule.record([{ index: 1, pages: 0 }], []); // 2 is due and not answered: dropped; 3 also due and gone
    expect(schedule.notDue()).toEqual([1]);
  });
});
