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
export function unknownPlaceholders(text: string, allowed: readonly string[] = PLACEHOLDERS): string[] {
  const names = [...text.matchAll(/\{([^{}\s]{1,40})\}/g)].map((match) => match[1]!);
  return [...new Set(names.filter((name) => !allowed.includes(name)))];
}

// ---------------------------------------------------------------- the reply e-mail
// A reply to the customer is its own e-mail: the staff member's text between a greeting and the company's signature,
// the "ver o andamento" link and the protocol as reference — never "seu protocolo agora está em …" (nothing changed).

export const REPLY_PLACEHOLDERS = ["nome", "protocolo", "status", "link", "mensagem", "empresa"] as const;
export const DEFAULT_REPLY_SUBJECT = "Resposta sobre o protocolo {protocolo}";
export const DEFAULT_REPLY_BODY = [
  "Olá, {nome}.",
  "",
  "{mensagem}",
  "",
  "Atenciosamente,",
  "{empresa}",
  "",
  "Ver o andamento: {link}",
  "Protocolo de referência: {protocolo}",
].join("\n");

export type ReplyValues = {
  nome: string | null;
  protocolo: string;
  status: string;
  link: string;
  /** The notes to the customer since the last e-mail (the reply last), oldest first. */
  mensagem: string[];
  empresa: string;
};

/** Subject (one line) and body of a reply; a body template without {mensagem} gets the text after its greeting line. */
export function renderReply(
  template: { subject: string | null; body: string | null },
  values: ReplyValues,
): { subject: string; body: string } {
  const text = values.mensagem.map((note) => note.trim()).join("\n\n");
  const fillReply = (source: string, message: string) =>
    source.replace(
      /\{(nome|protocolo|status|link|mensagem|empresa)\}/g,
      (_, key: (typeof REPLY_PLACEHOLDERS)[number]) => {
        if (key === "mensagem") return message;
        if (key === "nome") return values.nome?.trim() || "cliente";
        return values[key];
      },
    );
  const subject = fillReply(template.subject?.trim() || DEFAULT_REPLY_SUBJECT, values.mensagem.join(" "))
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, 250);
  let bodyTemplate = template.body?.trim() || DEFAULT_REPLY_BODY;
  if (!bodyTemplate.includes("{mensagem}")) bodyTemplate += "\n\n{mensagem}";
  const body = fillReply(bodyTemplate, text)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { subject, body };
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
