// @vitest-environment happy-dom
// The kit's Popover (Radix): a named group opens under its button, Escape and the panel's own close put focus back on
// the button, a click outside closes it.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../test/render.tsx";
import { Popover } from "./popover.tsx";

function Example() {
  return (
    <div>
      <Popover buttonContent="Filtros" panelLabel="Adicionar filtro">
        {(close) => (
          <>
            <input aria-label="Valor" />
            <button type="button" onClick={close}>
              Aplicar
            </button>
          </>
        )}
      </Popover>
      <p>fora</p>
    </div>
  );
}

const button = () => screen.getByRole("button", { name: "Filtros" });

describe("Popover", () => {
  it("opens a named group, and Escape closes it with focus back on the button", async () => {
    renderWithApp(<Example />);
    expect(button().getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("group", { name: "Adicionar filtro" })).toBeNull();
    await act(async () => button().click());
    const panel = screen.getByRole("group", { name: "Adicionar filtro" });
    expect(button().getAttribute("aria-expanded")).toBe("true");
    expect(button().getAttribute("aria-controls")).toBe(panel.id);
    await act(async () => fireEvent.keyDown(panel, { key: "Escape" }));
    expect(screen.queryByRole("group", { name: "Adicionar filtro" })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button()));
  });

  it("closes from inside the panel (close) and on a click outside", async () => {
    renderWithApp(<Example />);
    await act(async () => button().click());
    await act(async () => screen.getByRole("button", { name: "Aplicar" }).click());
    expect(screen.queryByRole("group", { name: "Adicionar filtro" })).toBeNull();
    // Radix gives focus back on the tick after the panel unmounts.
    await waitFor(() => expect(document.activeElement).toBe(button()));

    await act(async () => button().click());
    expect(screen.getByRole("group", { name: "Adicionar filtro" })).toBeTruthy();
    // Radix listens for outside presses from the next tick after opening.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    await act(async () => {
      // A press outside: pointerdown, then the click Radix waits for before dismissing.
      fireEvent.pointerDown(screen.getByText("fora"), { pointerType: "mouse", button: 0 });
      fireEvent.click(screen.getByText("fora"));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(screen.queryByRole("group", { name: "Adicionar filtro" })).toBeNull();
  });
});
