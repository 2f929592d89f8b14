// The pt-BR message of a status that notifies the customer: the admin's subject/body (or these defaults) with
// {nome}, {protocolo}, {status}, {link} and {observacoes} filled in. Plain text only: nothing is interpreted as HTML.

export const DEFAULT_SUBJECT = "Protocolo {protocolo}: {status}";
export const DEFAULT_BODY = [
  "Olá, {nome}.",
  "",
  "Seu protocolo {protocolo} agora está em: {status}.",
  "",
  "{observacoes}",
  "",
  "Acompanhe e envie documentos pendentes em: {link}",
].join("\n");

/**
 * Where the customer's tracking link goes in a stored e-mail: the outbox mints the link only as the e-mail leaves
 * (lib/outbox/server/customer-link.ts), so what staff read never holds a live one.
 */
export const TRACKING_LINK_MARK = "[[link-de-acompanhamento]]";

export const PLACEHOLDERS = ["nome", "protocolo", "status", "link", "observacoes"] as const;
export type MessageValues = {
  nome: string | null;
  protocolo: string;
  status: string;
  link: string;
  /** Texts of the observations addressed to the customer since the last message, oldest first. */
  observacoes: string[];
};

function fill(template: string, values: MessageValues, observations: string): string {
  return template.replace(/\{(nome|protocolo|status|link|observacoes)\}/g, (_, key: (typeof PLACEHOLDERS)[number]) => {
    if (key === "observacoes") return observations;
    if (key === "nome") return values.nome?.trim() || "cliente";
    return values[key];
  });
}

/** The `{name}` placeholders of a template that the sender does not fill, each once, in order of appearance. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(/\{([^{}\s]{1,40})\}/g)].map((match) => match[1]!);
  return [...new Set(names.filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name)))];
}

/**
 * Subject (one line) and body; an empty observation list leaves no blank gap behind. `appendObservations` (a reply
 * to the customer): a body template without {observacoes} gets the notes after it, so a reply is never sent without
 * its text.
 */
export function renderMessage(
  template: { subject: string | null; body: string | null },
  values: MessageValues,
  options: { appendObservations?: boolean } = {},
): { subject: string; body: string } {
  const observations = values.observacoes.length
    ? ["Observações:", ...values.observacoes.map((text) => `- ${text.replace(/\s*\n\s*/g, " ")}`)].join("\n")
    : "";
  const subject = fill(template.subject?.trim() || DEFAULT_SUBJECT, values, values.observacoes.join(" "))
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, 250);
  let bodyTemplate = template.body?.trim() || DEFAULT_BODY;
  if (options.appendObservations && !bodyTemplate.includes("{observacoes}")) bodyTemplate += "\n\n{observacoes}";
  const body = fill(bodyTemplate, values, observations)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { subject, body };
}
