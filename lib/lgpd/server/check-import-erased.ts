// The import preview's warning for rows whose CPF was erased before at the person's request (returning-identifiers.ts).
// Whether someone exercised a right is personal data, so the check is bound to an import: it takes the import's own
// rows, looks up only those the import would write (toCreateInput, against this instance's catalog), answers their
// positions, and leaves one audit row with counts — never a CPF or its hash.
import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { loadImportCatalog } from "../../documents/server/load-import-catalog.ts";
import { toCreateInput } from "../../documents/import-rows.ts";
import { isValidCpf } from "../../identifiers/identifiers.ts";
import { erasedPositions } from "./returning-identifiers.ts";

export async function checkImportErased(ctx: UseCaseContext, { rows }: { rows: Array<Record<string, unknown>> }) {
  const { actor } = ctx;
  const catalog = await loadImportCatalog(actor.instanceId);
  // Row positions of the rows the import would write with a CPF, and that CPF as the import would store it.
  const positions: number[] = [];
  const cpfs: string[] = [];
  rows.forEach((row, index) => {
    const { input } = toCreateInput(row, catalog);
    if (!input || !isValidCpf(input.cpf.trim())) return;
    positions.push(index);
    cpfs.push(input.cpf);
  });
  const erased = (await erasedPositions(actor.instanceId, cpfs)).map((found) => positions[found]!);
  await recordAudit(await getDb(), actor, {
    action: "lgpd_subject.import_check",
    entity: "lgpd_subject",
    entityId: null,
    details: { rows: rows.length, checked: cpfs.length, erased: erased.length },
  });
  return { erased };
}
