"use client";
// Keyboard navigation of the documents list: j/k move between rows (focus goes to the row's protocol link, so
// Enter opens it natively). "/" belongs to the header's find box on every page (components/layout/find-box.tsx).
// Keys typed into a field, or with a modifier, are left alone.
import { useEffect } from "react";

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName);
}

export function useListKeyboard() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (typingIn(event.target) || document.querySelector("dialog[open]")) return;
      if (event.key !== "j" && event.key !== "k") return;
      const links = [...document.querySelectorAll<HTMLAnchorElement>("tr[data-document-row] a[data-row-link]")];
      if (!links.length) return;
      event.preventDefault();
      const current = links.indexOf(document.activeElement as HTMLAnchorElement);
      const next = current === -1 ? 0 : Math.min(links.length - 1, Math.max(0, current + (event.key === "j" ? 1 : -1)));
      links[next]!.focus();
      links[next]!.scrollIntoView({ block: "nearest" });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}
