// The declaration's retention section (Art. 19 II): the rules and legal holds that reach the person's documents,
// in pt-BR, escaped; and a plain statement when there are none.
import { describe, expect, it } from "vitest";
import { declarationHtml, type PackageHeader } from "./access-package.ts";

const data = {
  documents: [{ id: 1, protocol: "P-1", product: "Seguro <Auto>", status: "Concluído", created_at: null }],
  observations: [],
  attachments: [],
  messages: [],
  history: [],
  corrected_records: [],
};
const header = (retention: PackageHeader["retention"]): PackageHeader => ({
  instanceName: "Seguradora",
  cpfMasked: "***.220.130-**",
  generatedAt: new Date("2026-11-26T12:00:00Z"),
  requestId: 7,
  retention,
});

describe("declaracao.html, section 5", () => {
  it("names each rule and legal hold that reaches the documents", () => {
    const html = declarationHtml(
      data,
      header({
        rules: [
          { product: "Seguro <Auto>", category: "Finalizado", days: 365, action: "anonymise" },
          { product: null, category: "Inválido", days: 30, action: "delete" },
        ],
        holds: [{ scope_name: "Seguro <Auto>", basis: "CDC art. 27", period_years: 5 }],
      }),
    );
    const section = html.slice(html.indexOf("<h2>5. Retenção</h2>"));
    expect(section).toContain(
      "<li>Seguro &#60;Auto&#62;: documentos em status da categoria “Finalizado” há 365 dias ou mais são anonimizados.</li>",
    );
    expect(section).toContain(
      "<li>Todos os produtos: documentos em status da categoria “Inválido” há 30 dias ou mais são excluídos.</li>",
    );
    expect(section).toContain(
      "<li>Seguro &#60;Auto&#62;: guardados por obrigação legal (CDC art. 27) por 5 anos após a conclusão do atendimento.</li>",
    );
    expect(section).not.toContain("Nenhuma regra");
  });

  it("says so when no rule or hold applies", () => {
    const section = declarationHtml(data, header({ rules: [], holds: [] }));
    expect(section).toContain("<p>Nenhuma regra de retenção automática.</p>");
    expect(section).toMatch(/Guarda por obrigação legal \(LGPD, art\. 16, I\):<\/p>\n<p>Nenhuma\.<\/p>/);
  });
});
