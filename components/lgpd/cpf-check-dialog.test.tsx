// @vitest-environment happy-dom
// The two acts confirmed by typing the CPF again (retry an errored request, reopen a denied deletion) share one
// dialog: each sends its own body to its own route, a refused CPF shows under the field, and the typed CPF is gone
// once the dialog closes.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { SerializedLgpdRequest } from "@/lib/api-client/lgpd.ts";
import { renderWithApp } from "../test/render.tsx";
import { ReopenDialog } from "./reopen-dialog.tsx";
import { RetryDialog } from "./retry-dialog.tsx";

const CPF = "529.982.247-25";
const request = {
  id: 7,
  cpf_masked: "***.982.247-**",
  status: "error",
  reviewed_at: "2026-12-01T12:00:00.000Z",
  processed_at: "2026-12-01T12:00:00.000Z",
  review_reason: "Documento ilegível",
} as unknown as SerializedLgpdRequest;

let sent: Array<{ url: string; body: unknown }> = [];
let refuseCpf = false;

beforeEach(() => {
  sent = [];
  refuseCpf = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url: String(url), body: JSON.parse(String(init.body ?? "null")) });
      if (refuseCpf) {
        return Response.json(
          {
            status: "error",
            message: "O CPF não confere com a solicitação.",
            code: "cpf_mismatch",
            errors: [{ path: "cpf", message: "O CPF não confere com a solicitação." }],
          },
          { status: 400 },
        );
      }
      return Response.json(request);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const type = (label: RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

it("retries with the typed CPF on the retry route, then says it is done", async () => {
  const onDone = vi.fn();
  const onClose = vi.fn();
  renderWithApp(<RetryDialog request={request} onClose={onClose} onDone={onDone} />);
  type(/^CPF do titular/, CPF);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Voltar para a fila" })));
  await waitFor(() => expect(onDone).toHaveBeenCalledWith(7));
  expect(sent).toEqual([{ url: expect.stringMatching(/\/lgpd-requests\/7\/retry$/), body: { cpf: CPF } }]);
  expect(onClose).toHaveBeenCalled();
});

/** The requests list's use of the dialog: open with a request, closed by setting it back to null. */
function ReopenFromList({ onDone }: { onDone: (id: number) => void }) {
  const [reopening, setReopening] = useState<SerializedLgpdRequest | null>(request);
  return (
    <>
      <button onClick={() => setReopening(request)}>abrir de novo</button>
      <ReopenDialog request={reopening} onClose={() => setReopening(null)} onDone={onDone} />
    </>
  );
}

it("reopens with the CPF and the reason; a refused CPF shows under the field and is cleared on close", async () => {
  refuseCpf = true;
  const onDone = vi.fn();
  renderWithApp(<ReopenFromList onDone={onDone} />);
  expect(screen.getByText(/Motivo: Documento ilegível/)).toBeTruthy();
  type(/^CPF do titular/, CPF);
  type(/^Por que reabrir/, "O titular enviou um documento legível.");
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Reabrir decisão" })));
  await waitFor(() => expect(screen.getByLabelText(/^CPF do titular/).getAttribute("aria-invalid")).toBe("true"));
  expect(sent).toEqual([
    {
      url: expect.stringMatching(/\/lgpd-requests\/7\/reopen$/),
      body: { cpf: CPF, reason: "O titular enviou um documento legível." },
    },
  ]);
  expect(onDone).not.toHaveBeenCalled();

  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cancelar" })));
  await waitFor(() => expect(screen.queryByLabelText(/^CPF do titular/)).toBeNull());
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "abrir de novo" })));
  expect((screen.getByLabelText(/^CPF do titular/) as HTMLInputElement).value).toBe("");
});
