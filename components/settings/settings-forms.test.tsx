// @vitest-environment happy-dom
// The settings forms on the one form pattern (useZodForm): each runs its route's own zod schema in
// the browser — what the server would refuse is refused under its input, in the server's pt-BR sentence, and no
// request is made — and a 400's field errors from the server land under their inputs. `fetch` is the boundary here
// (it records what the form sends and answers what the API answers); the real server's answers are covered by
// e2e/settings.spec.ts and e2e/retention.spec.ts.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../test/render.tsx";
import { CalendarEditor } from "./calendar-editor.tsx";
import { CategoryDialog } from "./categories-panel.tsx";
import { NewModalityDialog } from "./modalities-panel.tsx";
import { ModalityForm } from "./modality-detail.tsx";
import { ColumnDialog, StepDialog } from "./product-detail.tsx";
import { ProductDialog, ProductForm } from "./product-form.tsx";
import { NewRuleCard } from "./retention-panel.tsx";
import { CreateUserDialog, EditUserDialog } from "./users-panel.tsx";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

type Sent = { method: string; url: string; body: unknown };
let sent: Sent[] = [];
/** What a write answers next (status, body); GETs answer from `reads`. */
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let reads: Record<string, unknown> = {};

beforeEach(() => {
  sent = [];
  reads = {
    "admin/settings/modalities": [],
    "admin/settings/statuses": [
      { id: 1, name: "Recebido" },
      { id: 2, name: "Em análise" },
    ],
    "admin/settings/categories": [
      { id: 10, label: "Em andamento", kind: "open" },
      { id: 11, label: "Finalizados", kind: "finished" },
    ],
    "admin/settings/products": [{ id: 5, name: "Seguro Auto" }],
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace(/^\/api\//, "");
      const method = init.method ?? "GET";
      if (method === "GET") return Response.json(reads[path] ?? null);
      sent.push({ method, url: path, body: JSON.parse(String(init.body)) });
      return Response.json(answer.body, { status: answer.status });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** The body of a 400 as the API sends it (lib/http/server/api-route.ts: "Invalid parameters", errors[]). */
const invalid = (errors: Array<{ path: string; code: string; params?: Record<string, string | number> }>) => ({
  status: 400,
  body: {
    status: "error",
    code: "bad_request",
    message: "Invalid parameters",
    errors: errors.map((item) => ({ ...item, message: "Invalid" })),
  },
});

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.input(input(label), { target: { value } });
const choose = (label: string | RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = (name: string | RegExp = "Salvar") => act(async () => screen.getByRole("button", { name }).click());

/** The sentence shown under the input (its aria-describedby error line) and its aria-invalid flag. */
function expectUnder(label: string | RegExp, sentence: string) {
  const control = input(label);
  expect(control.getAttribute("aria-invalid")).toBe("true");
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ");
  const lines = ids.map((id) => document.getElementById(id)?.textContent);
  expect(lines).toContain(sentence);
}
const expectSummary = () => expect(screen.getByRole("alert").textContent).toBe("Corrija os campos indicados abaixo.");

describe("category dialog (createCategorySchema / updateCategorySchema)", () => {
  it("refuses a key the server refuses, under Chave, without sending anything", async () => {
    renderWithApp(<CategoryDialog category={null} onClose={() => {}} />);
    type("Chave", "Em Espera");
    type("Rótulo", "Em espera");
    await submit();
    expect(sent).toEqual([]);
    expectUnder("Chave", "Use de 1 a 60 letras minúsculas sem acento, dígitos ou _ (ex.: valor_segurado).");
    expectSummary();
  });

  it("sends the parsed body and shows a 400's field error under its input", async () => {
    answer = invalid([{ path: "label", code: "too_big", params: { maximum: 80, origin: "string" } }]);
    const onClose = vi.fn();
    renderWithApp(<CategoryDialog category={null} onClose={onClose} />);
    type("Chave", "em_espera");
    type("Rótulo", "  Em espera ");
    choose("Tipo", "pause");
    type("Ordem", "3");
    await submit();
    expect(sent).toEqual([
      {
        method: "POST",
        url: "admin/settings/categories",
        body: { key: "em_espera", label: "Em espera", kind: "pause", order: 3 },
      },
    ]);
    expectUnder("Rótulo", "Use no máximo 80 caracteres.");
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("product dialog and product form (createProductSchema / updateProductSchema)", () => {
  it("refuses an empty name under Nome, nothing sent", async () => {
    renderWithApp(<ProductDialog onClose={() => {}} />);
    type("Nome", "   ");
    await submit();
    expect(sent).toEqual([]);
    expectUnder("Nome", "Preencha este campo.");
    expectSummary();
  });

  it("shows the server's refusal of the SLA under its field on the product page", async () => {
    answer = invalid([{ path: "sla", code: "too_big", params: { maximum: 1_000_000, origin: "number" } }]);
    const product = { id: 7, name: "Seguro Vida", description: "", sla: 24, active: true } as never;
    renderWithApp(<ProductForm product={product} />);
    type(/SLA padrão/, "48");
    await submit();
    expect(sent).toEqual([
      {
        method: "PATCH",
        url: "admin/settings/products/7",
        body: { name: "Seguro Vida", description: "", sla: 48, active: true },
      },
    ]);
    expectUnder(/SLA padrão/, "Informe um valor até 1000000.");
    expectSummary();
  });
});

describe("column dialog (createColumnSchema)", () => {
  it("refuses a list column without options under Opções da lista, nothing sent", async () => {
    renderWithApp(<ColumnDialog productId={3} column={null} onClose={() => {}} />);
    type("Chave", "cor");
    type("Rótulo", "Cor");
    choose("Tipo", "enum");
    await submit();
    expect(sent).toEqual([]);
    expectUnder("Opções da lista", "Uma coluna do tipo lista precisa de pelo menos uma opção (uma por linha).");
  });

  it("sends options one per line and shows a 400 on an option under the options field", async () => {
    answer = invalid([{ path: "options.1", code: "too_big", params: { maximum: 120, origin: "string" } }]);
    renderWithApp(<ColumnDialog productId={3} column={null} onClose={() => {}} />);
    type("Chave", "cor");
    type("Rótulo", "Cor");
    choose("Tipo", "enum");
    type("Opções da lista", "azul\n verde \n\n");
    await act(async () => fireEvent.click(screen.getByLabelText("Obrigatório")));
    await submit();
    expect(sent).toEqual([
      {
        method: "POST",
        url: "admin/settings/products/3/columns",
        body: { key: "cor", label: "Cor", type: "enum", required: true, options: ["azul", "verde"] },
      },
    ]);
    expectUnder("Opções da lista", "Use no máximo 120 caracteres.");
  });
});

describe("step dialog (createStepSchema)", () => {
  const product = { id: 3, steps: [], status_steps: [] } as never;

  it("refuses an order that is not a whole number under Ordem, nothing sent", async () => {
    renderWithApp(<StepDialog product={product} step={null} onClose={() => {}} />);
    type("Nome", "Análise");
    type("Ordem", "-1");
    await submit();
    expect(sent).toEqual([]);
    expectUnder("Ordem", "Informe um valor a partir de 0.");
  });

  it("sends the chosen statuses and shows the server's unknown status under the list", async () => {
    answer = invalid([{ path: "status_ids", code: "unknown_reference" }]);
    renderWithApp(<StepDialog product={product} step={null} onClose={() => {}} />);
    await screen.findByLabelText("Em análise");
    type("Nome", "Análise");
    await act(async () => fireEvent.click(screen.getByLabelText("Em análise")));
    await submit();
    expect(sent).toEqual([
      { method: "POST", url: "admin/settings/products/3/steps", body: { name: "Análise", status_ids: [2] } },
    ]);
    const list = screen.getByRole("group", { name: "Status desta etapa" });
    expect(within(list).getByText("Escolha uma opção válida desta instância.")).toBeTruthy();
    expectSummary();
  });
});

describe("modality dialog and modality form (createModalitySchema / updateModalitySchema)", () => {
  it("refuses an empty identifier, nothing sent", async () => {
    renderWithApp(<NewModalityDialog onClose={() => {}} />);
    await submit();
    expect(sent).toEqual([]);
    expectUnder("Identificador", "Preencha este campo.");
    expectSummary();
  });

  it("shows the server's time-zone refusal under Fuso horário on the modality page", async () => {
    answer = invalid([{ path: "time_zone", code: "time_zone" }]);
    const modality = { id: 4, identifier: "Presencial", time_zone: "America/Sao_Paulo" } as never;
    renderWithApp(<ModalityForm modality={modality} />);
    type("Identificador", "Presencial SP ");
    await submit();
    expect(sent).toEqual([
      {
        method: "PATCH",
        url: "admin/settings/modalities/4",
        body: { identifier: "Presencial SP", time_zone: "America/Sao_Paulo" },
      },
    ]);
    expectUnder("Fuso horário", "Fuso horário desconhecido.");
  });
});

describe("calendar editor (updateModalitySchema's working_hours)", () => {
  const modality = (working_hours: unknown) =>
    ({ id: 4, identifier: "Presencial", time_zone: "America/Sao_Paulo", working_hours }) as never;
  /** The error line of a weekday's row (the fieldset named by the day). */
  const dayError = (day: string) =>
    within(screen.getByRole("group", { name: day })).queryByText(/./, { selector: "p.text-red-700" })?.textContent;

  it("refuses overlapping intervals under their day, nothing sent", async () => {
    renderWithApp(<CalendarEditor modality={modality({ "1": [["09:00", "12:00"]] })} />);
    await act(async () => screen.getByRole("button", { name: "Adicionar intervalo em Segunda-feira" }).click());
    type("Segunda-feira, intervalo 2: início", "11:00");
    type("Segunda-feira, intervalo 2: fim", "13:00");
    await submit("Salvar calendário");
    expect(sent).toEqual([]);
    expect(dayError("Segunda-feira")).toBe("Os intervalos deste dia se sobrepõem.");
    expect(input("Segunda-feira, intervalo 2: início").getAttribute("aria-invalid")).toBe("true");
    expectSummary();
    // An edit clears the refusal; the corrected week is sent without its empty days.
    type("Segunda-feira, intervalo 2: início", "13:00");
    type("Segunda-feira, intervalo 2: fim", "18:00");
    expect(dayError("Segunda-feira")).toBeUndefined();
    await submit("Salvar calendário");
    expect(sent).toEqual([
      {
        method: "PATCH",
        url: "admin/settings/modalities/4",
        body: {
          working_hours: {
            "1": [
              ["09:00", "12:00"],
              ["13:00", "18:00"],
            ],
          },
        },
      },
    ]);
  });

  it("sends null for plain hours and shows a 400 on a day under that day", async () => {
    renderWithApp(<CalendarEditor modality={modality({ "2": [["08:00", "17:00"]] })} />);
    fireEvent.click(screen.getByLabelText("Contar o SLA em horário de trabalho"));
    await submit("Salvar calendário");
    expect(sent.map((item) => item.body)).toEqual([{ working_hours: null }]);
    fireEvent.click(screen.getByLabelText("Contar o SLA em horário de trabalho"));
    answer = invalid([{ path: "working_hours.2.0.1", code: "clock" }]);
    await submit("Salvar calendário");
    expect(sent.map((item) => item.body)[1]).toEqual({ working_hours: { "2": [["08:00", "17:00"]] } });
    expect(dayError("Terça-feira")).toBe("Use HH:MM, de 00:00 a 24:00.");
    expect(dayError("Segunda-feira")).toBeUndefined();
  });
});

describe("user dialogs (createUserSchema / updateUserSchema)", () => {
  it("refuses an invalid e-mail and a short password, nothing sent", async () => {
    renderWithApp(<CreateUserDialog onClose={() => {}} onCreated={() => {}} />);
    type("E-mail", "nope");
    type("Nome", "Nina");
    type("Senha inicial", "curta");
    await submit("Criar usuário");
    expect(sent).toEqual([]);
    expectUnder("E-mail", "Informe um e-mail válido.");
    expectUnder("Senha inicial", "Use pelo menos 12 caracteres.");
  });

  it("sends no password when left empty (one is generated) and shows a 400 under Perfil", async () => {
    answer = invalid([{ path: "role", code: "invalid_value" }]);
    renderWithApp(<CreateUserDialog onClose={() => {}} onCreated={() => {}} />);
    type("E-mail", " Nina@E2E.test ");
    type("Nome", "Nina");
    choose("Perfil", "admin");
    await submit("Criar usuário");
    expect(sent).toEqual([
      { method: "POST", url: "admin/settings/users", body: { email: "nina@e2e.test", name: "Nina", role: "admin" } },
    ]);
    expectUnder("Perfil", "Escolha uma das opções.");
  });

  it("edit: refuses an empty name; one's own role is not sent", async () => {
    answer = invalid([{ path: "name", code: "too_big", params: { maximum: 200, origin: "string" } }]);
    const user = { id: 9, email: "ana@e2e.test", name: "Ana", role: "admin" } as never;
    renderWithApp(<EditUserDialog user={user} self onClose={() => {}} />);
    expect(input("Perfil").disabled).toBe(true);
    type("Nome", "");
    await submit();
    expect(sent).toEqual([]);
    expectUnder("Nome", "Preencha este campo.");
    type("Nome", "Ana Maria");
    await submit();
    expect(sent).toEqual([{ method: "PATCH", url: "admin/settings/users/9", body: { name: "Ana Maria" } }]);
    expectUnder("Nome", "Use no máximo 200 caracteres.");
  });
});

describe("new retention rule (ZRetentionRuleBody)", () => {
  it("refuses 0 days under Dias na categoria, nothing sent", async () => {
    renderWithApp(<NewRuleCard onCreated={() => {}} />);
    await screen.findByRole("option", { name: "Finalizados" });
    type("Dias na categoria", "0");
    await submit("Criar regra (inativa)");
    expect(sent).toEqual([]);
    expectUnder("Dias na categoria", "Informe um valor a partir de 1.");
    expectSummary();
  });

  it("sends a period in calendar years and months, the days left at 0", async () => {
    answer = invalid([{ path: "category_id", code: "retention_open_category" }]);
    renderWithApp(<NewRuleCard onCreated={() => {}} />);
    await screen.findByRole("option", { name: "Finalizados" });
    type("Anos na categoria", "5");
    type("Meses na categoria", "6");
    type("Dias na categoria", "0");
    await submit("Criar regra (inativa)");
    expect(sent).toEqual([
      {
        method: "POST",
        url: "admin/retention",
        body: { product_id: null, category_id: 11, years: 5, months: 6, days: 0, action: "anonymise" },
      },
    ]);
  });

  it("sends the first usable category when none was chosen, and shows the server's refusal under it", async () => {
    answer = invalid([{ path: "category_id", code: "retention_open_category" }]);
    renderWithApp(<NewRuleCard onCreated={() => {}} />);
    await screen.findByRole("option", { name: "Finalizados" });
    await submit("Criar regra (inativa)");
    expect(sent).toEqual([
      {
        method: "POST",
        url: "admin/retention",
        body: { product_id: null, category_id: 11, years: 0, months: 0, days: 365, action: "anonymise" },
      },
    ]);
    expectUnder("Categoria do status", "Escolha uma categoria finalizada ou pausada.");
  });
});
