// @vitest-environment happy-dom
// The summary card names an unassigned document as the rest of the app does ("Sem responsável", not "Ninguém").
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StaffDocumentView } from "@/lib/api-client/document.ts";
import { renderWithApp } from "../test/render.tsx";
import { SummaryCard } from "./summary-card.tsx";

const view = (userId: number | null) =>
  ({
    document: { user_id: userId },
    users: [{ id: 7, name: "Ana Admin", disabled: false }],
    product: { name: "Seguro auto" },
    step: null,
    modality: null,
    sla: { sla_end: null, stopped_at: null, paused: false, finished: false },
  }) as unknown as StaffDocumentView;

const responsible = () => screen.getByText("Responsável").nextElementSibling?.textContent;

describe("SummaryCard", () => {
  it('says "Sem responsável" for an unassigned document, the responsible\'s name otherwise', () => {
    const { unmount } = renderWithApp(<SummaryCard view={view(null)} />);
    expect(responsible()).toBe("Sem responsável");
    expect(screen.queryByText("Ninguém")).toBeNull();
    unmount();
    renderWithApp(<SummaryCard view={view(7)} />);
    expect(responsible()).toBe("Ana Admin");
  });
});
