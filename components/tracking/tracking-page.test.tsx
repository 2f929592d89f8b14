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
