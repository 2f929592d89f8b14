import { describe, expect, it } from "vitest";
import { translatorFor } from "../i18n/translator.ts";
import {
  AUDIT_EVENT_ACTIONS,
  auditEventLabel,
  auditRecordHref,
  auditSentence,
  type AuditTranslate,
} from "./audit-sentence.ts";

const t = translatorFor("pt-BR", "audit") as unknown as AuditTranslate;
const row = (action: string, entity: string, entityId: string | null, extra: Record<string, unknown> = {}) => ({
  actor_name: "Helena",
  action,
  entity,
  entity_id: entityId,
  document_id: null,
  protocol: null,
  details: {},
  ...extra,
});

describe("audit rows as sentences", () => {
  it("says what happened in Portuguese, naming the record", () => {
    expect(auditSentence(t, row("lgpd_request.deny", "lgpd_request", "4"))).toBe("Helena negou a exclusão nº 4");
    expect(
      auditSentence(t, row("document.reveal", "document", "12", { document_id: 12, protocol: "20261207-000012" })),
    ).toBe("Helena revelou os dados pessoais do documento 20261207-000012");
    expect(
      auditSentence(
        t,
        row("document.update", "document", "12", {
          document_id: 12,
          details: { fields: ["name", "filled_columns.placa"] },
        }),
      ),
    ).toBe("Helena editou nome e campo placa no documento nº 12");
    expect(auditSentence(t, row("document.export", "document", null, { details: { rows: 3, clear: true } }))).toBe(
      "Helena exportou 3 documentos com os dados pessoais em claro",
    );
  });

  it("falls back to the code for an action without a sentence, and lists every event with a label", () => {
    expect(auditSentence(t, row("lgpd_request.teleport", "lgpd_request", "4"))).toBe("Helena: lgpd_request.teleport");
    expect(AUDIT_EVENT_ACTIONS).toContain("document.reveal");
    for (const action of AUDIT_EVENT_ACTIONS) expect(auditEventLabel(t, action)).not.toBe(action);
  });

  it("links a row to its record", () => {
    expect(auditRecordHref({ entity: "document", entity_id: "12", document_id: 12 })).toBe("/documents/12");
    expect(auditRecordHref({ entity: "lgpd_request", entity_id: "4", document_id: null })).toBe("/lgpd/4/receipt");
    expect(auditRecordHref({ entity: "status", entity_id: "3", document_id: null })).toBeNull();
  });
});
