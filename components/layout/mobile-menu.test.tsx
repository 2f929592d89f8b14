// @vitest-environment happy-dom
// The tablet "Menu" on Radix DropdownMenu: a menu named by its button, the pages as items with the current one
// marked, arrows walk the items, Escape closes it with focus back on the button, choosing a language stores it.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCALE_COOKIE } from "@/lib/i18n/messages.ts";
import { renderWithApp } from "../test/render.tsx";
import { MobileMenu } from "./mobile-menu.tsx";

const refresh = vi.fn();
// The App Router is not mounted in a component test: the path and the router are what the page would give.
vi.mock("next/navigation", () => ({
  usePathname: () => "/dashboard",
  useRouter: () => ({ refresh, push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
}));

afterEach(() => {
  refresh.mockClear();
  document.cookie = `${LOCALE_COOKIE}=; max-age=0; path=/`;
});

function Example() {
  return (
    <MobileMenu
      label="Menu"
      items={[
        { href: "/documents", label: "Documentos" },
        { href: "/dashboard", label: "Painel" },
        { href: "/api-reference", label: "Referência da API" },
      ]}
      identity={<span>Sérgio Staff · Operador</span>}
      labels={{ navigation: "Menu principal", language: "Idioma", signOut: "Sair", account: "Minha conta" }}
    />
  );
}

const trigger = () => screen.getByRole("button", { name: "Menu" });

describe("MobileMenu", () => {
  it("opens by keyboard on the first page; arrows walk and wrap; Escape closes with focus back on the button", async () => {
    renderWithApp(<Example />);
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menu")).toBeNull();
    trigger().focus();
    await act(async () => fireEvent.keyDown(trigger(), { key: "Enter" }));
    const menu = await screen.findByRole("menu", { name: "Menu" });
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    // Radix moves focus on the next tick after a key: each step waits for it.
    const pages = screen.getByRole("group", { name: "Menu principal" });
    const documents = screen.getByRole("menuitem", { name: "Documentos" });
    expect(pages.contains(documents)).toBe(true);
    expect(documents.getAttribute("href")).toBe("/documents");
    expect(screen.getByRole("menuitem", { name: "Painel" }).getAttribute("aria-current")).toBe("page");
    expect(documents.getAttribute("aria-current")).toBeNull();
    expect(menu.textContent).toContain("Sérgio Staff · Operador");
    await waitFor(() => expect(document.activeElement).toBe(documents));

    await act(async () => fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Painel" })));
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: "End" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Sair" })));
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" }));
    await waitFor(() => expect(document.activeElement).toBe(documents));
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Sair" })));

    await act(async () => fireEvent.keyDown(document.activeElement!, { key: "Escape" }));
    expect(screen.queryByRole("menu")).toBeNull();
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    await waitFor(() => expect(document.activeElement).toBe(trigger()));
  });

  it("shows the language as a checked choice; choosing another stores it and redraws the page", async () => {
    renderWithApp(<Example />);
    trigger().focus();
    await act(async () => fireEvent.keyDown(trigger(), { key: "Enter" }));
    const language = await screen.findByRole("group", { name: "Idioma" });
    const portuguese = screen.getByRole("menuitemradio", { name: "Português" });
    const english = screen.getByRole("menuitemradio", { name: "English" });
    expect(language.contains(english)).toBe(true);
    expect(portuguese.getAttribute("aria-checked")).toBe("true");
    expect(english.getAttribute("aria-checked")).toBe("false");
    await act(async () => fireEvent.click(english));
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=en`);
    expect(refresh).toHaveBeenCalledTimes(1);
    // Choosing closes the menu.
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
