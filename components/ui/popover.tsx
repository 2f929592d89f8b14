"use client";

import * as RadixPopover from "@radix-ui/react-popover";
import { useState } from "react";

/**
 * A button with a small non-modal panel under it (filters, view settings), on Radix Popover: Escape or a click outside
 * closes it, focus moves into the panel when it opens and back to the button when it closes, and the panel flips or
 * shifts to stay on screen. `children` gets `close` for panels that apply and close. The panel is a named group
 * (role="group" + aria-label) rather than Radix's default dialog role: it holds a few controls, not a dialog.
 */
export function Popover({
  label,
  buttonContent,
  panelLabel,
  align = "left",
  width = "w-72",
  children,
}: {
  label?: string;
  buttonContent: React.ReactNode;
  panelLabel: string;
  align?: "left" | "right";
  /** The panel's Tailwind width class (a wider panel for a form of options). */
  width?: string;
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <RadixPopover.Root open={open} onOpenChange={setOpen}>
      <RadixPopover.Trigger
        aria-label={label}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-md lg:min-h-9 border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        {buttonContent}
      </RadixPopover.Trigger>
      {/* No portal: the panel stays next to its button in the DOM, so Tab from it goes on through the page. */}
      <RadixPopover.Content
        role="group"
        aria-label={panelLabel}
        align={align === "right" ? "end" : "start"}
        sideOffset={4}
        collisionPadding={8}
        className={`z-30 ${width} max-w-[90vw] rounded-lg border border-slate-200 bg-white p-3 shadow-lg`}
      >
        {children(() => setOpen(false))}
      </RadixPopover.Content>
    </RadixPopover.Root>
  );
}
