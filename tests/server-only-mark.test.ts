// Every server file under lib/<area>/server/ is marked `import "server-only"` (docs/architecture.md "Layers"): a client
// bundle that reaches one fails to build, beside the ESLint fences that refuse the import in the first place. The files
// below are not marked yet: plain Node processes (the worker, `npm start`, the seed, the test helpers a test spawns)
// load them without scripts/support/allow-server-only.ts, which the mark needs first. The list only shrinks: a new
// server file without the mark fails here, and so does a listed file that got it (take it off the list).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

const NOT_YET_MARKED = new Set([
  "lib/audit/server/record-audit-sql.ts",
  "lib/auth/server/client-address.ts",
  "lib/auth/server/passwords.ts",
  "lib/auth/server/secrets.ts",
  "lib/catalog/server/serialize.ts",
  "lib/cli/server/commands/backup.ts",
  "lib/cli/server/commands/instance.ts",
  "lib/cli/server/commands/lgpd-key.ts",
  "lib/cli/server/commands/roles.ts",
  "lib/cli/server/commands/token.ts",
  "lib/cli/server/commands/user.ts",
  "lib/cli/server/io.ts",
  "lib/cli/server/lookup.ts",
  "lib/cli/server/run-cli.ts",
  "lib/cli/server/usage.ts",
  "lib/documents/server/access.ts",
  "lib/documents/server/add-observation.ts",
  "lib/documents/server/attachment-common.ts",
  "lib/documents/server/create-document.ts",
  "lib/documents/server/delete-observation.ts",
  "lib/documents/server/document-row.ts",
  "lib/documents/server/fulfil-attachment-request.ts",
  "lib/documents/server/history.ts",
  "lib/documents/server/load.ts",
  "lib/documents/server/lock-document.ts",
  "lib/documents/server/read-attachment-content.ts",
  "lib/documents/server/read-policy-cache.ts",
  "lib/documents/server/read-step-cache.ts",
  "lib/documents/server/read-view-json.ts",
  "lib/documents/server/remove-filled-columns.ts",
  "lib/documents/server/request-attachment.ts",
  "lib/documents/server/reveal-page.ts",
  "lib/documents/server/reveal-personal-data.ts",
  "lib/documents/server/serialize.ts",
  "lib/documents/server/update-document.ts",
  "lib/documents/server/upload-attachment.ts",
  "lib/documents/server/workflow.ts",
  "lib/http/server/api-answer-headers.ts",
  "lib/http/server/peer-stamp.ts",
  "lib/http/server/rate-limit-sync.ts",
  "lib/http/server/rate-limit.ts",
  "lib/http/server/request-id.ts",
  "lib/http/server/slow-body-guard.ts",
  "lib/tracking/server/upload-gate.ts",
  "lib/jobs/server/engine.ts",
  "lib/jobs/server/lease.ts",
  "lib/jobs/server/owner.ts",
  "lib/lgpd/server/access-link.ts",
  "lib/lgpd/server/access-package-cipher.ts",
  "lib/lgpd/server/access-package.ts",
  "lib/lgpd/server/access-queue.ts",
  "lib/lgpd/server/access-request-rows.ts",
  "lib/lgpd/server/collect-subject-data.ts",
  "lib/lgpd/server/deletion-queue.ts",
  "lib/lgpd/server/discard-access-packages.ts",
  "lib/lgpd/server/erase-tied-data.ts",
  "lib/lgpd/server/erasure-candidates.ts",
  "lib/lgpd/server/held-documents.ts",
  "lib/lgpd/server/retention-terms.ts",
  "lib/lgpd/server/tied-documents.ts",
  "lib/metrics/server/database-gauges.ts",
  "lib/metrics/server/metrics.ts",
  "lib/ops/server/app-secret.ts",
  "lib/ops/server/app-server.ts",
  "lib/ops/server/background-loops.ts",
  "lib/ops/server/build-freshness.ts",
  "lib/ops/server/cluster.ts",
  "lib/ops/server/lgpd-queue.ts",
  "lib/ops/server/prepare-database.ts",
  "lib/ops/server/readiness.ts",
  "lib/ops/server/search-index-upkeep.ts",
  "lib/outbox/server/claimed-message.ts",
  "lib/outbox/server/email-queue.ts",
  "lib/outbox/server/enqueue.ts",
  "lib/outbox/server/smtp.ts",
  "lib/outbox/server/tracking-link.ts",
  "lib/retention/server/anonymise-documents.ts",
  "lib/retention/server/matching-documents.ts",
  "lib/retention/server/retention-queue.ts",
  "lib/seed/server/catalog.ts",
  "lib/seed/server/first-admin.ts",
  "lib/seed/server/seed-database.ts",
  "lib/webhooks/server/deliver.ts",
  "lib/webhooks/server/delivery-queue.ts",
  "lib/webhooks/server/events.ts",
  "lib/webhooks/server/secret.ts",
  "lib/webhooks/server/signature.ts",
]);

function* serverFiles(dir: string, inServer = false): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "generated") continue;
    if (statSync(full).isDirectory()) yield* serverFiles(full, inServer || name === "server");
    else if (inServer && /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path.relative(ROOT, full);
  }
}

const marked = (file: string) => /^import "server-only";$/m.test(readFileSync(path.join(ROOT, file), "utf8"));

describe("server-only mark", () => {
  const files = [...serverFiles(path.join(ROOT, "lib"))];

  it("is on every lib/*/server file but the listed ones", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((file) => !marked(file) && !NOT_YET_MARKED.has(file))).toEqual([]);
  });

  it("lists only files that exist and are still unmarked", () => {
    expect([...NOT_YET_MARKED].filter((file) => !files.includes(file) || marked(file))).toEqual([]);
  });
});
