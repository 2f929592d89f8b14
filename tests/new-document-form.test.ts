// The "Novo documento" form validates as POST /api/document/create validates (its schema, its paths).
import { describe, expect, it } from "vitest";
import { createDocumentSchema } from "@/lib/documents/schemas.ts";
import {
  EMPTY_NEW_DOCUMENT,
  newDocumentBody,
  newDocumentFieldProblem,
  newDocumentFormSchema,
} from "@/lib/documents/new-document-form.ts";

const columns = [
  { key: "placa", type: "string" as const },
  { key: "valor", type: "currency" as const },
  { key: "ativo", type: "boolean" as const },
];

describe("new document form", () => {
  it("builds the create body: numbers, typed columns, empty fields left out", () => {
    const body = newDocumentBody(
      {
        ...EMPTY_NEW_DOCUMENT,
        product_id: "3",
        status_id: "7",
        cpf: "529.982.247-25",
        name: "Maria",
        sla_total: "48",
        filled_columns: { placa: "ABC1D23", valor: "1500.50", ativo: "true", other: "x" },
      },
      columns,
    );
    expect(body).toEqual({
      product_id: 3,
      status_id: 7,
      cpf: "529.982.247-25",
      name: "Maria",
      sla_total: 48,
      filled_columns: { placa: "ABC1D23", valor: 1500.5, ativo: true },
    });
    expect(createDocumentSchema.safeParse(body).success).toBe(true);
  });

  it("refuses what the API refuses, at the API's paths", () => {
    const result = newDocumentFormSchema(columns).safeParse({
      ...EMPTY_NEW_DOCUMENT,
      cpf: "   ",
      email: "not-an-e-mail",
      sla_total: "-3",
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["status_id", "product_id", "cpf", "email", "sla_total"]));
    // The same body straight to the API schema fails at the same paths.
    const api = createDocumentSchema.safeParse(
      newDocumentBody({ ...EMPTY_NEW_DOCUMENT, cpf: "   ", email: "not-an-e-mail", sla_total: "-3" }, columns),
    );
    expect(api.error!.issues.map((issue) => issue.path.join(".")).sort()).toEqual([...paths].sort());
  });
});

describe("the fields checked as the person leaves them", () => {
  it("flags a CPF or CNPJ whose check digits are wrong, as the import does, and accepts other identifiers", () => {
    expect(newDocumentFieldProblem("cpf", "123.456.789-00")).toBe("cpf_invalid");
    expect(newDocumentFieldProblem("cpf", "11.222.333/0001-80")).toBe("cnpj_invalid");
    expect(newDocumentFieldProblem("cpf", "529.982.247-25")).toBeNull();
    expect(newDocumentFieldProblem("cpf", "SUSEP-12345")).toBeNull();
  });
  it("flags an e-mail the API would refuse", () => {
    expect(newDocumentFieldProblem("email", "cliente@")).toBe("email");
    expect(newDocumentFieldProblem("email", "cliente@example.com")).toBeNull();
    expect(newDocumentFieldProblem("email", "")).toBeNull();
  });
  it("reads an integer column's pt-BR thousands into the create body", () => {
    const body = newDocumentBody({ ...EMPTY_NEW_DOCUMENT, filled_columns: { km: "45.300" } }, [
      { key: "km", type: "integer" },
    ]);
    expect(body.filled_columns).toEqual({ km: 45300 });
  });
});
