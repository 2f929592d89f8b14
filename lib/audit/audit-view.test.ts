import { describe, expect, it } from "vitest";
import { auditActorDisplay, maskAuditDetails } from "./audit-view.ts";

describe("audit view", () => {
  it("names system actors by their role and keeps users' and tokens' labels", () => {
    expect(auditActorDisplay("system", "cli")).toBe("Sistema (CLI)");
    expect(auditActorDisplay("system", "worker")).toBe("Sistema (rotina)");
    expect(auditActorDisplay("system", "other")).toBe("Sistema (other)");
    expect(auditActorDisplay("user", "ana@example.com")).toBe("ana@example.com");
    expect(auditActorDisplay("token", "token:erp")).toBe("token:erp");
  });

  it("masks e-mails, CPFs, phones and a user's name, also inside changes, and says whether it did", () => {
    const { details, masked } = maskAuditDetails(
      { email: "maria@example.com", name: "Maria Silva", changes: { email: { before: "a@b.com", after: "c@d.org" } } },
      "user",
    );
    expect(masked).toBe(true);
    expect(details).toEqual({
      email: "m****@e******.com",
      name: "M**** S****",
      changes: { email: { before: "a*@b*.com", after: "c*@d*.org" } },
    });
  });

  it("leaves a token's or status's name and details without personal keys as they are", () => {
    expect(maskAuditDetails({ name: "ERP", prefix: "dft_ab" }, "api_token")).toEqual({
      details: { name: "ERP", prefix: "dft_ab" },
      masked: false,
    });
    expect(maskAuditDetails({ cpf_masked: "***.456.789-**" }, "lgpd_subject").masked).toBe(false);
  });
});
