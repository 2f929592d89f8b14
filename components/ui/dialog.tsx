"use client";

import { useEffect, useId, useRef } from "react";

/** Opens the native <dialog> as a modal while `open` (focus trapped, Escape closes) and closes it otherwise. */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
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
