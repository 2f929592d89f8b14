// @vitest-environment happy-dom
// The one form pattern (useZodForm): the shared schema's issues and the server's field errors become the same
// translated sentence under the input with that path; other server errors go above the form; an edit clears a
// field's error.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiClientError } from "@/lib/api-client/fetch-json.ts";
import { renderWithApp } from "../test/render.tsx";
import { TextField } from "./field.tsx";
import { useZodForm } from "./zod-form.ts";

const schema = z.strictObject({ name: z.string().trim().min(1), code: z.string().trim().min(4) });
type Values = z.input<typeof schema>;

function Example({ send }: { send: (values: Values) => Promise<void> }) {
  const form = useZodForm<Values>({ schema, fields: ["name", "code"], defaultValues: { name: "", code: "" } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (error) {
      form.showServerError(error);
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      {form.summary ? <p role="alert">{form.summary}</p> : null}
      <TextField label="Nome" error={form.fieldError("name")} {...form.register("name")} />
      <TextField label="Código" error={form.fieldError("code")} {...form.register("code")} />
      <button type="submit">Salvar</button>
    </form>
  );
}

const save = () => screen.getByRole("button", { name: "Salvar" });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("useZodForm", () => {
  it("checks with the shared schema first: the server's sentences under the inputs, nothing sent", async () => {
    const send = vi.fn(async () => {});
    renderWithApp(<Example send={send} />);
    fireEvent.input(field("Código"), { target: { value: "ab" } });
    await act(async () => save().click());
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByText("Preencha este campo.")).toBeTruthy();
    expect(screen.getByText("Use pelo menos 4 caracteres.")).toBeTruthy();
    expect(field("Nome").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("Corrija os campos indicados abaixo.");

    fireEvent.input(field("Nome"), { target: { value: "  Ana " } });
    fireEvent.input(field("Código"), { target: { value: "abcd" } });
    await act(async () => save().click());
    // The schema's output (trimmed) is what is sent.
    expect(send).toHaveBeenCalledWith({ name: "Ana", code: "abcd" });
  });

  it("puts a server field error under its input, clears it on edit, and says other errors above the form", async () => {
    const fieldError = new ApiClientError(400, {
      code: "bad_request",
      message: "Invalid",
      errors: [{ path: "code", message: "Too small", code: "too_small", params: { minimum: 6, origin: "string" } }],
    } as never);
    const send = vi.fn(async () => {
      throw fieldError;
    });
    renderWithApp(<Example send={send} />);
    fireEvent.input(field("Nome"), { target: { value: "Ana" } });
    fireEvent.input(field("Código"), { target: { value: "abcd" } });
    await act(async () => save().click());
    expect(screen.getByText("Use pelo menos 6 caracteres.")).toBeTruthy();
    expect(field("Código").getAttribute("aria-invalid")).toBe("true");
    expect(field("Nome").getAttribute("aria-invalid")).toBeNull();

    await act(async () => fireEvent.input(field("Código"), { target: { value: "abcdef" } }));
    await waitFor(() => expect(screen.queryByText("Use pelo menos 6 caracteres.")).toBeNull());

    send.mockImplementationOnce(async () => {
      throw new ApiClientError(409, { code: "conflict", message: "Conflict" } as never);
    });
    await act(async () => save().click());
    expect(screen.getByRole("alert").textContent).toBe(
      "A operação conflita com o estado atual. Atualize a página e tente de novo.",
    );
    expect(field("Código").getAttribute("aria-invalid")).toBeNull();
  });

  it("shows a body path under the input named for it in shownUnder (a choice standing for product_id)", async () => {
    const send = vi.fn(async () => {
      throw new ApiClientError(400, {
        code: "bad_request",
        message: "Invalid",
        errors: [{ path: "product_id", message: "Unknown id", code: "unknown_id" }],
      } as never);
    });
    function Scoped() {
      const form = useZodForm<{ scope: string }>({
        fields: ["scope"],
        shownUnder: { product_id: "scope" },
        defaultValues: { scope: "" },
      });
      const submit = form.handleSubmit(async () => {
        try {
          await send();
        } catch (error) {
          form.showServerError(error);
        }
      });
      return (
        <form noValidate onSubmit={submit}>
          {form.rootError ? <p role="alert">{form.rootError}</p> : null}
          <TextField label="Aplica-se a" error={form.fieldError("scope")} {...form.register("scope")} />
          <button type="submit">Salvar</button>
        </form>
      );
    }
    renderWithApp(<Scoped />);
    fireEvent.input(field("Aplica-se a"), { target: { value: "product:9" } });
    await act(async () => save().click());
    expect(field("Aplica-se a").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("valor inválido")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
