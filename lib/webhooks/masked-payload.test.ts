import { describe, expect, it } from "vitest";
import type { PersonalField } from "../documents/mask.ts";
import { maskWebhookPayload } from "./masked-payload.ts";

const updated = {
  id: "evt_1",
  type: "document.updated",
  created_at: "2026-12-07T12:00:00.000Z",
  data: {
    id: 7,
    protocol: "20261207-000007",
    cpf: "529.982.247-25",
    name: "Maria da Silva",
    email: "maria@example.com",
    phone: "+55 11 99999-1234",
    filled_columns: { contato: "Falar com Maria da Silva no 11 99999-1234", placa: "ABC1D23" },
    changes: [
      { field: "name", before: "Maria Souza", after: "Maria da Silva" },
      { field: "status_id", before: 1, after: 2 },
    ],
  },
};
const set = (...fields: PersonalField[]) => new Set<PersonalField>(fields);

describe("maskWebhookPayload", () => {
  it("masks the masked fields, their changes and their values inside other strings", () => {
    const { payload, maskText } = maskWebhookPayload(updated, set("name", "phone"));
    const data = (payload as typeof updated).data;
    expect(data).toMatchObject({
      cpf: "529.982.247-25",
      email: "maria@example.com",
      name: "M**** d* S****",
      phone: "+** ** *****-1234",
      filled_columns: { contato: "Falar com *** no ***", placa: "ABC1D23" },
      changes: [
        { field: "name", before: "M**** S****", after: "M**** d* S****" },
        { field: "status_id", before: 1, after: 2 },
      ],
    });
    expect(maskText('{"echo":"Maria Souza"}')).toBe('{"echo":"***"}');
    expect((payload as typeof updated).id).toBe("evt_1");
  });

  it("leaves the payload as it is when nothing is masked", () => {
    expect(maskWebhookPayload(updated, set()).payload).toBe(updated);
  });

  it("hides a body that is not one of our events (no field to tell its values by)", () => {
    const { payload } = maskWebhookPayload("not json: Maria", set("name"));
    expect(payload).toBe("*** ****: *****");
  });
});
