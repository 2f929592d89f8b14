// @vitest-environment happy-dom
// DataTable on TanStack Table: visible columns follow `hiddenColumns`, a sortable header asks the page for its order
// (aria-sort shows the current one), row and page selection report the selected keys and keep other pages' keys.
import { act, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../test/render.tsx";
import { DataTable, type Column } from "./table.tsx";

type Row = { id: number; protocol: string; name: string };
const ROWS: Row[] = [
  { id: 1, protocol: "P-1", name: "Ana" },
  { id: 2, protocol: "P-2", name: "Bruno" },
];
const COLUMNS: Array<Column<Row>> = [
  { key: "protocol", label: "Protocolo", sortable: true, rowHeader: true, cell: (row) => row.protocol },
  { key: "name", label: "Nome", cell: (row) => row.name },
];

const log: string[] = [];
let lastSelected: string[] = [];

function Example({ hidden = [], initial = [] }: { hidden?: string[]; initial?: string[] }) {
  const [selected, setSelected] = useState(new Set(initial));
  const [direction, setDirection] = useState<"asc" | "desc">("asc");
  return (
    <DataTable
      label="Documentos"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(row) => row.id}
      hiddenColumns={hidden}
      sort={{
        key: "protocol",
        direction,
        onSort: (key) => {
          log.push(key);
          setDirection(direction === "asc" ? "desc" : "asc");
        },
      }}
      selection={{
        selected,
        onChange: (next) => {
          lastSelected = [...next].sort();
          setSelected(next);
        },
        rowLabel: (row) => `Selecionar ${row.protocol}`,
        allLabel: "Selecionar todos",
      }}
    />
  );
}

const headers = () => screen.getAllByRole("columnheader").map((cell) => cell.textContent?.trim());

describe("DataTable", () => {
  it("draws the visible columns, with the row's name as a row header", () => {
    renderWithApp(<Example />);
    expect(screen.getByRole("table", { name: "Documentos" })).toBeTruthy();
    expect(headers()).toContain("Nome");
    expect(screen.getByRole("rowheader", { name: "P-2" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Bruno" })).toBeTruthy();
  });

  it("hides the columns the user hid", () => {
    renderWithApp(<Example hidden={["name"]} />);
    expect(headers().some((text) => text?.startsWith("Nome"))).toBe(false);
    expect(screen.queryByRole("cell", { name: "Bruno" })).toBeNull();
    expect(screen.getByRole("rowheader", { name: "P-2" })).toBeTruthy();
  });

  it("a sortable header asks the page for the order and shows it in aria-sort", async () => {
    log.length = 0;
    renderWithApp(<Example />);
    const header = screen.getAllByRole("columnheader").find((cell) => cell.textContent?.includes("Protocolo"))!;
    expect(header.getAttribute("aria-sort")).toBe("ascending");
    await act(async () => within(header).getByRole("button").click());
    expect(log).toEqual(["protocol"]);
    expect(header.getAttribute("aria-sort")).toBe("descending");
    // A column that does not sort has no button.
    const name = screen.getAllByRole("columnheader").find((cell) => cell.textContent?.includes("Nome"))!;
    expect(within(name).queryByRole("button")).toBeNull();
  });

  it("selects rows and the page, keeping keys selected on other pages", async () => {
    renderWithApp(<Example initial={["99"]} />);
    const all = screen.getByRole("checkbox", { name: "Selecionar todos" }) as HTMLInputElement;
    await act(async () => screen.getByRole("checkbox", { name: "Selecionar P-1" }).click());
    expect(lastSelected).toEqual(["1", "99"]);
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    await act(async () => all.click());
    expect(lastSelected).toEqual(["1", "2", "99"]);
    expect(all.checked).toBe(true);
    await act(async () => all.click());
    expect(lastSelected).toEqual(["99"]);
    expect((screen.getByRole("checkbox", { name: "Selecionar P-2" }) as HTMLInputElement).checked).toBe(false);
    expect(all.indeterminate).toBe(false);
  });
});

describe("cells across a parent's re-render", () => {
  /** A page that builds its columns in render (as the document page's editors do) and re-renders on a click. */
  function Rebuilding() {
    const [count, setCount] = useState(0);
    const columns: Array<Column<Row>> = [
      { key: "protocol", label: "Protocolo", cell: (row) => row.protocol },
      {
        key: "actions",
        label: "Ações",
        cell: (row) => (
          <button type="button" onClick={() => setCount((value) => value + 1)}>
            Editar {row.protocol}
          </button>
        ),
      },
    ];
    return (
      <>
        <p>render {count}</p>
        <DataTable label="Documentos" columns={columns} rows={ROWS} rowKey={(row) => row.id} />
      </>
    );
  }

  it("keeps a cell's elements (and the focus in them) when the columns are rebuilt", async () => {
    renderWithApp(<Rebuilding />);
    const button = screen.getByRole("button", { name: "Editar P-1" });
    button.focus();
    await act(async () => button.click());
    expect(screen.getByText("render 1")).toBeTruthy();
    // The same element, still focused: a cell rendered as a new component type each render was re-mounted, and the
    // focus fell to <body> (the document page's "Editar" lost it after a save that refetched the page).
    expect(screen.getByRole("button", { name: "Editar P-1" })).toBe(button);
    expect(document.activeElement).toBe(button);
  });
});
