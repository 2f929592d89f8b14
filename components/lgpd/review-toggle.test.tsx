// @vitest-environment happy-dom
// The deletion-review setting saves on click. The box must show the choice at once and keep it while the save is on
// its way: it was bound to the mutation's pending state, which TanStack Query publishes a task later, so React put the
// box back as the server had it right after the click (Playwright's check(): "Clicking the checkbox did not change its
// state", on the Chromium of a machine with only Node and npm), then ticked it again when the save began.
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { renderWithApp } from "../test/render.tsx";
import { ReviewPanel } from "./steering-panels.tsx";

const TOGGLE = /^Exclusões aguardam a revisão do encarregado antes de serem executadas/;
let enabled = false;
let answerPut: (() => void) | null = null;

beforeEach(() => {
  enabled = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (!String(url).includes("admin/lgpd-review")) return Response.json(null, { status: 404 });
      if ((init.method ?? "GET") === "PUT") {
        // The save answers only when the test lets it: the box is looked at while it is on its way.
        await new Promise<void>((resolve) => (answerPut = resolve));
        enabled = (JSON.parse(String(init.body)) as { enabled: boolean }).enabled;
      }
      return Response.json({ enabled, four_eyes: false, awaiting: [], entered_by_you: [], returned_documents: 0 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

it("shows the choice at once, keeps it while saving, and the server's answer after", async () => {
  renderWithApp(<ReviewPanel />);
  const box = (await screen.findByLabelText(TOGGLE)) as HTMLInputElement;
  expect(box.checked).toBe(false);

  act(() => box.click());
  expect(box.checked).toBe(true); // right after the click, before any task runs
  await waitFor(() => expect(answerPut).not.toBeNull());
  expect(box.checked).toBe(true); // while the save is on its way

  await act(async () => answerPut!());
  await screen.findByText("Configuração salva.");
  expect(box.checked).toBe(true);
  expect(enabled).toBe(true);
});
