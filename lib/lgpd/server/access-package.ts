// The access package (LGPD Art. 19 II and §3): one zip with
//   dados.json        everything of the person, machine-readable (a full copy in a format that allows its reuse): her
//                     documents whole, and of records corrected to another person only her values (corrected_records);
//   <kind>.csv        one per kind, UTF-8 with BOM so spreadsheets read the accents;
//   anexos/…          the attachments' bytes;
//   declaracao.html   the clear and complete declaration in pt-BR: what is held, origin, purpose, sharing, retention.
// Zipped with fflate (docs/decisions/0045-lgpd-access-packages.md: pure JS, no dependencies, synchronous API,
// maintained).
// Not marked server-only: the worker builds packages outside Next.
import "server-only";
import { strToU8, zipSync, type Zippable } from "fflate";
import Papa from "papaparse";
import type { SubjectData } from "./collect-subject-data.ts";
import type { RetentionTerms } from "./retention-terms.ts";

export type PackageHeader = {
  instanceName: string;
  cpfMasked: string;
  generatedAt: Date;
  requestId: number;
  /** The retention rules and legal holds that reach the person's documents (retention-terms.ts). */
  retention: RetentionTerms;
};

const PACKAGE_KINDS = ["documents", "observations", "attachments", "messages", "history", "corrected_records"] as const;
type PackageKind = (typeof PACKAGE_KINDS)[number];

/** File names inside the zip (pt-BR: the subject reads them). */
const CSV_FILES: Record<PackageKind, string> = {
  documents: "documentos.csv",
  observations: "observacoes.csv",
  attachments: "anexos.csv",
  messages: "mensagens.csv",
  history: "historico.csv",
  corrected_records: "registros-corrigidos.csv",
};

const BOM = "\uFEFF";

/** Spreadsheets run cells starting with = + - @ (or tab / CR) as formulas: a leading quote keeps them text. */
function cell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csv(rows: Record<string, unknown>[], columns: string[]): Uint8Array {
  const data = rows.map((row) => columns.map((column) => cell(row[column])));
  return strToU8(BOM + Papa.unparse({ fields: columns, data }, { newline: "\r\n" }));
}

/** A file name safe in any zip reader: the attachment's id, then its name without path or control characters. */
function attachmentPath(row: Record<string, unknown>): string {
  const name = String(row.file_name ?? "arquivo")
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_")
    .slice(0, 120);
  return `anexos/${String(row.id)}-${name || "arquivo"}`;
}

const escapeHtml = (value: unknown) => String(value ?? "").replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const dateBr = (value: unknown) =>
  typeof value === "string" && value ? new Date(value).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" }) : "—";

const dayBr = (value: unknown) =>
  typeof value === "string" && value
    ? new Date(value).toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" })
    : "—";

const distinct = (values: unknown[]): string[] => [
  ...new Set(values.filter((value): value is string => typeof value === "string" && value !== "")),
];

const ACTION_TEXT = { anonymise: "são anonimizados", delete: "são excluídos" } as const;

/** The rules that would anonymise or delete these documents, and the legal holds that keep them (section 5). */
function retentionSection({ rules, holds }: RetentionTerms): string {
  const ruleItems = rules.map(
    (rule) =>
      `${rule.product ?? "Todos os produtos"}: documentos em status da categoria “${rule.category}” há ${rule.days} ` +
      `dias ou mais ${ACTION_TEXT[rule.action]}.`,
  );
  const holdItems = holds.map(
    (hold) =>
      `${hold.scope_name}: guardados por obrigação legal (${hold.basis}) por ${hold.period_years} ` +
      `${hold.period_years === 1 ? "ano" : "anos"} após a conclusão do atendimento.`,
  );
  const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
  return [
    `<p>Prazos de retenção que se aplicam aos seus documentos:</p>`,
    ruleItems.length ? list(ruleItems) : `<p>Nenhuma regra de retenção automática.</p>`,
    `<p>Guarda por obrigação legal (LGPD, art. 16, I):</p>`,
    holdItems.length ? list(holdItems) : `<p>Nenhuma.</p>`,
  ].join("\n");
}

/** The declaration of Art. 19 II in pt-BR, built from the same rows as dados.json. */
export function declarationHtml(data: SubjectData, header: PackageHeader): string {
  const counts: [string, number][] = [
    ["Documentos (protocolos)", data.documents.length],
    ["Observações", data.observations.length],
    ["Anexos", data.attachments.length],
    ["Mensagens (e-mails e webhooks)", data.messages.length],
    ["Registros de histórico", data.history.length],
    ["Registros corrigidos para outro titular", data.corrected_records.length],
  ];
  const emails = distinct(data.messages.filter((row) => row.channel === "email").map((row) => row.recipient));
  const endpoints = distinct(data.messages.filter((row) => row.channel === "webhook").map((row) => row.recipient));
  const documentRows = data.documents
    .map(
      (row) =>
        `<tr><td>${escapeHtml(row.protocol)}</td><td>${escapeHtml(row.product)}</td><td>${escapeHtml(row.modality ?? "—")}</td>` +
        `<td>${escapeHtml(row.status)}</td><td>${escapeHtml(row.source ?? "—")}</td><td>${escapeHtml(row.created_by ?? "—")}</td>` +
        `<td>${escapeHtml(dateBr(row.created_at))}</td></tr>`,
    )
    .join("\n");
  const list = (items: string[], empty: string) =>
    items.length ? `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>` : `<p>${empty}</p>`;
  const corrected = data.corrected_records.map(
    (row) => `${String(row.protocol)}: registro corrigido para outro titular em ${dayBr(row.corrected_at)}`,
  );
  const nothing = data.documents.length === 0 && data.corrected_records.length === 0;
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Declaração de tratamento de dados pessoais</title>
<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;line-height:1.5}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.25rem .5rem;text-align:left}</style>
</head><body>
<h1>Declaração de tratamento de dados pessoais</h1>
<p>Controlador: <strong>${escapeHtml(header.instanceName)}</strong>. Titular: CPF <strong>${escapeHtml(header.cpfMasked)}</strong>.
Pedido de acesso nº ${header.requestId}, declaração gerada em ${escapeHtml(dateBr(header.generatedAt.toISOString()))}
(LGPD, art. 18, II, e art. 19, II).</p>
<h2>1. Quais dados mantemos</h2>
${
  nothing
    ? "<p><strong>Não há registro de dados pessoais vinculados a este CPF.</strong></p>"
    : `<table><tr><th>Tipo</th><th>Quantidade</th></tr>${counts.map(([label, count]) => `<tr><td>${label}</td><td>${count}</td></tr>`).join("")}</table>
<p>Os documentos guardam CPF, nome, e-mail e telefone informados, os campos do produto, observações, anexos, mensagens
enviadas e o histórico de alterações. O conteúdo completo está em <code>dados.json</code> e nos arquivos CSV deste pacote;
os anexos, na pasta <code>anexos/</code>.</p>`
}
<h2>2. Critério usado</h2>
<p>Foram incluídos todos os documentos desta instância cujo identificador é o CPF do titular, com todas as suas
observações, anexos, mensagens e registros de histórico. Um documento cadastrado com este CPF e depois corrigido para
o CPF de outra pessoa pertence a ela; dele constam aqui apenas os valores que o histórico registra como seus (os
dados alterados na correção, como eram antes dela), em <code>corrected_records</code>.</p>
<h2>3. Origem e finalidade</h2>
${
  data.documents.length
    ? `<p>Cada documento registra a origem (<em>source</em>), quem o criou e quando; a finalidade é o atendimento do produto e da modalidade indicados.</p>
<table><tr><th>Protocolo</th><th>Produto (finalidade)</th><th>Modalidade</th><th>Situação</th><th>Origem</th><th>Criado por</th><th>Criado em</th></tr>
${documentRows}</table>`
    : "<p>—</p>"
}
${corrected.length ? `<p>Registros corrigidos para outro titular:</p>\n${list(corrected, "")}` : ""}
<h2>4. Compartilhamento</h2>
<p>Sistemas integrados (webhooks) que receberam dados destes documentos, pelo endereço do servidor:</p>
${list(endpoints, "Nenhum.")}
<p>Endereços de e-mail que receberam mensagens sobre estes documentos:</p>
${list(emails, "Nenhum.")}
<h2>5. Retenção</h2>
<p>Os dados são mantidos enquanto durar a finalidade do atendimento, ou até um pedido de eliminação pelo titular
(LGPD, art. 15, 16 e 18, VI), salvo obrigação legal de guarda. Este pacote fica disponível para download até a data de
expiração do link e é então apagado.</p>
${retentionSection(header.retention)}
</body></html>
`;
}

/** The zip's bytes. `dados.json` lists the attachments with their file name inside the zip instead of their bytes. */
export function buildAccessPackage(data: SubjectData, header: PackageHeader): Uint8Array {
  const attachments = data.attachments.map(({ content, ...row }) => ({
    ...row,
    file: content ? attachmentPath(row) : null,
  }));
  const rows: Record<PackageKind, Record<string, unknown>[]> = { ...data, attachments };
  const files: Zippable = {
    "dados.json": strToU8(
      JSON.stringify(
        {
          instancia: header.instanceName,
          cpf_mascarado: header.cpfMasked,
          pedido: header.requestId,
          gerado_em: header.generatedAt.toISOString(),
          ...rows,
        },
        null,
        2,
      ),
    ),
    "declaracao.html": strToU8(declarationHtml(data, header)),
  };
  for (const kind of PACKAGE_KINDS) {
    const columns = [...new Set(rows[kind].flatMap((row) => Object.keys(row)))];
    files[CSV_FILES[kind]] = csv(rows[kind], columns.length ? columns : ["id"]);
  }
  for (const row of data.attachments) {
    // Already-compressed formats (PDF, images) gain nothing from deflate: stored as they are.
    if (row.content) files[attachmentPath(row)] = [row.content, { level: 0 }];
  }
  return zipSync(files, { level: 6 });
}
