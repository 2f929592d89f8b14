// @vitest-environment happy-dom
// The kit's FormSaveBar: the save button is disabled while saving; the saved confirmation and the error summary are
// announced in a polite live region.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../test/render.tsx";
import { FormSaveBar } from "./form-save-bar.tsx";

const bar = (state: { saving?: boolean; saved?: boolean; summary?: string }) => (
  <form>
    <FormSaveBar
      saving={state.saving ?? false}
      saved={state.saved ?? false}
      summary={state.summary}
      saveLabel="Salvar"
      savedText="Configurações salvas."
    />
  </form>
);

describe("FormSaveBar", () => {
  it("disables the submit button while saving", () => {
    const { unmount } = renderWithApp(bar({ saving: true }));
    const button = screen.getByRole("button", { name: "Salvar" });
    expect(button.getAttribute("type")).toBe("submit");
    expect((button as HTMLButtonElement).disabled).toBe(true);
    unmount();
    renderWithApp(bar({}));
    expect((screen.getByRole("button", { name: "Salvar" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("announces the confirmation and the error summary in a polite live region", () => {
    renderWithApp(bar({ saved: true, summary: "Confira os campos destacados." }));
    const region = screen.getByText("Configurações salvas.").closest("[aria-live]");
    expect(region?.getAttribute("aria-live")).toBe("polite");
    expect(region?.textContent).toContain("Confira os campos destacados.");
  });

  it("shows neither message before a save", () => {
    renderWithApp(bar({}));
    expect(screen.queryByText("Configurações salvas.")).toBeNull();
  });
});
