import { describe, expect, it } from "vitest";
import { emailFailure } from "./email-failure.ts";
import { renderMessage, unknownPlaceholders } from "./template.ts";

const values = {
  nome: "Ana",
  protocolo: "20260101-000001",
  status: "Em análise",
  link: "http://x/acompanhar",
  observacoes: ["Oi"],
};

describe("message templates", () => {
  it("lists each unknown placeholder once, in order, and none of the known ones", () => {
    expect(unknownPlaceholders("{cliente} {nome} {valor} {cliente} {protocolo} { espaço } {}")).toEqual([
      "cliente",
      "valor",
    ]);
    expect(unknownPlaceholders("Olá, {nome}. {observacoes} {link} {status}")).toEqual([]);
  });

  it("appends the notes of a reply to a template without {observacoes}, never to a status change's", () => {
    const template = { subject: "Protocolo {protocolo}", body: "Olá, {nome}." };
    expect(renderMessage(template, values).body).toBe("Olá, Ana.");
    expect(renderMessage(template, values, { appendObservations: true }).body).toBe("Olá, Ana.\n\nObservações:\n- Oi");
    const withNotes = { subject: null, body: "{observacoes}\nFim" };
    expect(renderMessage(withNotes, values, { appendObservations: true }).body).toBe("Observações:\n- Oi\nFim");
  });
});

describe("why an e-mail failed", () => {
  it.each([
    ["Can't send mail - all recipients were rejected: 550 No such user", "recipient_refused"],
    ["Recipient refused: not exactly one e-mail address", "recipient_refused"],
    ["Message failed: 554 5.7.1 Rejected as spam", "refused"],
    ["Can't send mail - all recipients were rejected: 451 try later", "temporary"],
    ["Server closed the connection: 421 closing", "temporary"],
    ["connect ECONNREFUSED 127.0.0.1:25", "no_server"],
    ["connect ETIMEDOUT 10.0.0.5:465", "no_server"],
    ["Outcome unknown: the worker stopped while sending; not sent again to avoid a duplicate", "outcome_unknown"],
  ])("%s → %s", (error, code) => {
    expect(emailFailure(error)).toBe(code);
  });
  it("has no failure without an error", () => expect(emailFailure(null)).toBeNull());
});
