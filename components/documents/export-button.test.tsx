// @vitest-environment happy-dom
// The export's options on the kit's Popover: a named panel that takes focus when it opens, gives it back to its
// button on Escape, keeps the choices between openings, and offers the unmasked export to admins only.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StaffRoleProvider } from "@/components/layout/staff-role.tsx";
import type { Role } from "@/lib/auth/roles.ts";
import { renderWithApp } from "../test/render.tsx";
import { ExportButton } from "./export-button.tsx";

const UNMASKED = "Exportar sem máscara (CPF, e-mail e telefone completos)";
const options = () => screen.getByRole("button", { name: "Opções da exportação" });
const panel = () => screen.queryByRole("group", { name: "Opções da exportação" });

function renderAs(role: Role) {
  renderWithApp(
    <StaffRoleProvider role={role}>
      <ExportButton filter={{}} />
    </StaffRoleProvider>,
  );
}

describe("ExportButton options", () => {
  it("open as a panel with focus inside; Escape gives focus back; the choices stay for the next opening", async () => {
    renderAs("staff");
    expect(options().getAttribute("aria-expanded")).toBe("false");
    expect(panel()).toBeNull();
    await act(async () => options().click());
    expect(panel()).not.toBeNull();
    expect(options().getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("checkbox", { name: "ID" })));
    expect(screen.queryByLabelText(UNMASKED)).toBeNull();

    const protocol = screen.getByRole("checkbox", { name: "Protocolo" });
    await act(async () => protocol.click());
    expect((protocol as HTMLInputElement).checked).toBe(false);
    await act(async () => fireEvent.keyDown(panel()!, { key: "Escape" }));
    expect(panel()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(options()));

    await act(async () => options().click());
    expect((screen.getByRole("checkbox", { name: "Protocolo" }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole("checkbox", { name: "ID" }) as HTMLInputElement).checked).toBe(true);
  });

  it("offers the unmasked export to an admin, and the export waits for a reason", async () => {
    renderAs("admin");
    await act(async () => options().click());
    await act(async () => screen.getByLabelText(UNMASKED).click());
    expect(screen.getByRole("button", { name: "Exportar planilha (CSV)" }).hasAttribute("disabled")).toBe(true);
    await act(async () =>
      fireEvent.change(screen.getByLabelText(/^Motivo da exportação sem máscara/), {
        target: { value: "Pedido do jurídico" },
      }),
    );
    expect(screen.getByRole("button", { name: "Exportar planilha (CSV)" }).hasAttribute("disabled")).toBe(false);
  });
});
