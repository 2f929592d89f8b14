// @vitest-environment happy-dom
// The tracking form's refusals in the customer's words: a protocol whose form is paused (tried from too many places)
// points to the link in the customer's e-mail rather than "try again later" — the link still works, waiting does not
// help; the customer's own too-many-attempts keeps its "try again in a few minutes".
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { renderWithApp } from "../test/render.tsx";
import { TrackingPage } from "./tracking-page.tsx";

afterEach(() => vi.unstubAllGlobals());

function answerLookupWith(code: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      Response.json(
        { status: "error", message: "Too many attempts", error: "TooManyRequests: Too many attempts", code },
        { status: 429, headers: { "retry-after": "60" } },
      ),
    ),
  );
}

async function submit() {
  renderWithApp(<TrackingPage linkToken={null} maxMegabytes={10} />);
  fireEvent.change(screen.getByLabelText(/^Protocolo/), { target: { value: "20261207-000123" } });
  fireEvent.change(screen.getByLabelText(/^CPF ou CNPJ/), { target: { value: "529.982.247-25" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Consultar" })));
}

it("a paused protocol says to use the link sent by e-mail", async () => {
  answerLookupWith("tracking_use_email_link");
  await submit();
  expect(await screen.findByText(/use o link que enviamos para o seu e-mail/)).toBeTruthy();
  expect(screen.queryByText(/Tente novamente em alguns minutos/)).toBeNull();
});

it("the customer's own too-many-attempts still says to try again later", async () => {
  answerLookupWith("tracking_throttled");
  await submit();
  expect(await screen.findByText("Muitas tentativas. Tente novamente em alguns minutos.")).toBeTruthy();
});

it("a link from an earlier e-mail shows the case read-only and leads to the lookup to reply or send files", async () => {
  const view = {
    protocol: "20261207-000123",
    product: "Seguro Auto",
    steps: [{ name: "Análise", current: true }],
    status: "Aguardando seus documentos",
    finished: false,
    paused: true,
    read_only: true,
    company: null,
    sla_end: null,
    date_finished: null,
    observations: [{ id: 1, text: "Falta a CNH.", created_at: "2026-12-01T12:00:00.000Z", from: "team" }],
    sent_files: [],
    brand: { logo_url: null, help_email: null, help_phone: null, whatsapp_url: null, privacy_url: "/p" },
    pending_requests: [{ id: 7, name: "CNH", note: null, created_at: "2026-12-01T12:00:00.000Z" }],
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json(view)),
  );
  renderWithApp(<TrackingPage linkToken="uuid.123.sig" maxMegabytes={10} />);
  expect(await screen.findByText(/serve só para consultar o andamento/)).toBeTruthy();
  expect(screen.getByText("Falta a CNH.")).toBeTruthy();
  expect(screen.getByText("CNH")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Enviar mensagem" })).toBeNull();
  expect(screen.queryByRole("button", { name: /^Enviar( arquivo)?$/ })).toBeNull();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Responder ou enviar documentos" })));
  expect(screen.getByLabelText(/^Protocolo/)).toBeTruthy();
});
