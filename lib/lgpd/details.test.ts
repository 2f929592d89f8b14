import { describe, expect, it } from "vitest";
import { localDayRange, localDayStart } from "../time/local-day.ts";
import { deletedCounts, summarizeDetails } from "./details.ts";

describe("summarizeDetails", () => {
  it("reads the processor's done shape, known kinds first", () => {
    const summary = summarizeDetails({
      deleted: { history: 9, signatures: 2, documents: 2, observations: 5, attachments: 1 },
      requested_at: "2026-03-10T15:00:00.000Z",
      completed_at: "2026-03-10T15:01:00.000Z",
    });
    expect(summary.deleted).toEqual([
      { kind: "documents", count: 2, known: true },
      { kind: "observations", count: 5, known: true },
      { kind: "attachments", count: 1, known: true },
      { kind: "history", count: 9, known: true },
      { kind: "signatures", count: 2, known: false },
    ]);
    expect(summary).toMatchObject({
      reason: null,
      requestedAt: "2026-03-10T15:00:00.000Z",
      completedAt: "2026-03-10T15:01:00.000Z",
      other: [],
    });
  });

  it("lists anything unexpected as text instead of failing", () => {
    expect(summarizeDetails(null)).toEqual({
      deleted: [],
      reason: null,
      requestedAt: null,
      completedAt: null,
      moments: [],
      review: null,
      attempts: null,
      keptDocuments: null,
      other: [],
    });
    expect(summarizeDetails("boom").other).toEqual([{ key: "details", value: "boom" }]);
    expect(summarizeDetails([1, 2]).other).toEqual([{ key: "details", value: "[1,2]" }]);
    const odd = summarizeDetails({ reason: "timeout", deleted: { documents: "two" }, worker: { id: 7 }, reason2: 3 });
    expect(odd.reason).toBe("timeout");
    expect(odd.deleted).toEqual([]);
    expect(odd.other).toEqual([
      { key: "deleted.documents", value: "two" },
      { key: "worker", value: '{"id":7}' },
      { key: "reason2", value: "3" },
    ]);
    expect(summarizeDetails({ deleted: 5 }).other).toEqual([{ key: "deleted", value: "5" }]);
    expect(summarizeDetails({ note: "x".repeat(400) }).other[0]!.value).toHaveLength(301);
  });

  it("reads a denial's and a failure's facts as facts, not as unknown keys", () => {
    const denied = summarizeDetails({
      requested_at: "2026-03-10T15:00:00.000Z",
      received_at: "2026-03-09T03:00:00.000Z",
      review: "denied",
      denied_at: "2026-03-11T18:30:00.000Z",
      reason: "Identidade não confirmada",
    });
    expect(denied).toMatchObject({
      review: "denied",
      reason: "Identidade não confirmada",
      moments: [
        { moment: "received_at", at: "2026-03-09T03:00:00.000Z" },
        { moment: "denied_at", at: "2026-03-11T18:30:00.000Z" },
      ],
      other: [],
    });
    const failed = summarizeDetails({ failed_at: "2026-03-10T15:00:00.000Z", attempts: 5, reason: "timeout" });
    expect(failed).toMatchObject({ attempts: 5, moments: [{ moment: "failed_at" }], other: [] });
    expect(summarizeDetails({ kept: { documents: 2, holds: [] } })).toMatchObject({ keptDocuments: 2, other: [] });
  });

  it("gives counts for the JSON receipt, or null", () => {
    expect(deletedCounts({ deleted: { documents: 1, history: 0 } })).toEqual({ documents: 1, history: 0 });
    expect(deletedCounts({ reason: "x" })).toBeNull();
  });
});

describe("day ranges in America/Sao_Paulo", () => {
  it("start days at local midnight (UTC-3) and include the whole last day", () => {
    expect(localDayStart("2026-04-01").toISOString()).toBe("2026-04-01T03:00:00.000Z");
    expect(localDayRange("2026-04-01", "2026-04-30")).toEqual({
      gte: new Date("2026-04-01T03:00:00.000Z"),
      lt: new Date("2026-05-01T03:00:00.000Z"),
    });
    expect(localDayRange(null, "2026-12-31")).toEqual({ lt: new Date("2027-01-01T03:00:00.000Z") });
    expect(localDayRange()).toEqual({});
  });

  it("follows a zone's daylight-saving change", () => {
    // New York: EST (UTC-5) in January, EDT (UTC-4) from 8 March 2026.
    expect(localDayStart("2026-01-15", "America/New_York").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(localDayStart("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(localDayStart("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });
});
