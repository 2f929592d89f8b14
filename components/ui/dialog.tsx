"use client";

import { useEffect, useId, useRef } from "react";

/**
 * Opens the native <dialog> as a modal while `open` (focus trapped, Escape closes) and closes it otherwise. On close the
 * focus goes back to the control that opened it. The browser does that only when that control can take focus at that
 * moment, and after a confirmed change it often cannot: it is disabled while the change is saved (or for good, as
 * "Alterar status" once its choice is cleared) or was re-rendered away, and the focus fell to <body>, sending a
 * keyboard or screen-reader user back to the top of the page. Then the nearest control that can take focus in the
 * opener's form or section gets it, else the page's main content.
 */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open) {
      if (dialog.open) dialog.close();
      const from = opener.current;
      opener.current = null;
      if (from) returnFocus(from, dialog);
    }
  }, [open]);
  useEffect(
    () => () => {
      // Unmounted while open (a parent rendered it away): the dialog's focus would be lost with it.
      if (opener.current) returnFocus(opener.current, null);
    },
    [],
  );
  return ref;
}

const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

function canTakeFocus(element: HTMLElement): boolean {
  return element.isConnected && element.matches(FOCUSABLE) && element.getClientRects().length > 0;
}

/** After React has rendered the change the dialog led to: the opener, or the nearest control still there. */
function returnFocus(opener: HTMLElement, dialog: HTMLDialogElement | null) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    // Focus still in the closed dialog (Chromium moves it off a hidden element only at its next rendering) or gone
    // with it is lost; anywhere else, something took it on purpose (a form that focuses its first field): leave it.
    const lost =
      !active || active === document.body || !active.isConnected || (dialog !== null && dialog.contains(active));
    if (!lost) return;
    if (canTakeFocus(opener)) return opener.focus();
    const around = opener.isConnected ? opener.closest("form, section, li, [role=region]") : null;
    const nearby = around ? [...around.querySelectorAll<HTMLElement>(FOCUSABLE)].find(canTakeFocus) : undefined;
    if (nearby) return nearby.focus();
    const main = document.getElementById("content");
    if (main) {
      if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
      main.focus({ preventScroll: true });
    }
  });
}

/** A modal on the native <dialog>: focus is trapped and Escape closes it, for free and accessibly. */
export function Dialog({
  open,
  title,
  onClose,
  children,
  wide = false,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  /** Room for longer forms (up to 48rem). */
  wide?: boolean;
}) {
  const ref = useModal(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={titleId}
      className={`m-auto ${wide ? "w-[min(48rem,94vw)]" : "w-[min(32rem,92vw)]"} rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40`}
    >
      <div className="p-5">
        <h2 id={titleId} className="mb-3 text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
