"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";

/**
 * A disclosure button with a small non-modal panel under it (filters, view settings): Escape or a click outside
 * closes it and gives focus back to the button. `children` gets `close` for panels that apply and close.
 */
export function Popover({
  label,
  buttonContent,
  panelLabel,
  align = "left",
  children,
}: {
  label?: string;
  buttonContent: React.ReactNode;
  panelLabel: string;
  align?: "left" | "right";
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const wasOpen = useRef(false);

  useEffect(() => {
    // Focus goes back to the button whenever the panel closes (applied, Escape, or the button itself).
    const active = document.activeElement;
    const focusLost = !active || active === document.body || root.current?.contains(active);
    if (!open && wasOpen.current && focusLost) button.current?.focus();
    wasOpen.current = open;
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((current) => !current)}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        {buttonContent}
      </button>
      {open ? (
        <div
          id={panelId}
          role="group"
          aria-label={panelLabel}
          className={`absolute z-30 mt-1 w-72 max-w-[90vw] rounded-lg border border-slate-200 bg-white p-3 shadow-lg ${align === "right" ? "right-0" : "left-0"}`}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
