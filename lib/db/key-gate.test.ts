import { describe, expect, it } from "vitest";
import { activeGateKeys, withKeyGate } from "./key-gate.ts";
import { DatabaseBusyError } from "./unavailable.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("withKeyGate", () => {
  it("runs work of one key one at a time, in arrival order, and other keys alongside", async () => {
    const events: string[] = [];
    const job = (key: string, name: string, ms: number) =>
      withKeyGate(key, 5_000, async () => {
        events.push(`start ${name}`);
        await sleep(ms);
        events.push(`end ${name}`);
      });
    await Promise.all([job("a", "a1", 40), job("a", "a2", 10), job("b", "b1", 5)]);
    expect(events).toEqual(["start a1", "start b1", "end b1", "end a1", "start a2", "end a2"]);
    expect(activeGateKeys()).toBe(0);
  });

  it("refuses a waiter after maxWaitMs with DatabaseBusyError, and the line keeps working", async () => {
    let holderDone = false;
    const holder = withKeyGate("k", 5_000, () => sleep(1_000)).then(() => (holderDone = true));
    await expect(withKeyGate("k", 50, async () => "never")).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(holderDone).toBe(false); // refused after its own wait, not when the holder finished
    await holder;
    expect(await withKeyGate("k", 50, async () => "ran")).toBe("ran");
    expect(activeGateKeys()).toBe(0);
  });

  it("fails everyone waiting when the holder's failure says the row is stuck", async () => {
    const stuck = new Error("lock timeout");
    const holder = withKeyGate(
      "row",
      5_000,
      async () => {
        await sleep(50);
        throw stuck;
      },
      (error) => error === stuck,
    );
    const waiters = [1, 2, 3].map(() => withKeyGate("row", 5_000, async () => "ran"));
    await expect(holder).rejects.toBe(stuck);
    for (const waiter of waiters) await expect(waiter).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(activeGateKeys()).toBe(0);
  });
});
