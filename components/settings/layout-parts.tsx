"use client";
// Small building blocks shared by the settings panels: query states, tables, form footers.

import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { Alert, Spinner } from "@/components/ui/feedback.tsx";
import { TableFrame } from "@/components/ui/table-frame.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";

/** Loading spinner or load error (with retry) for a query; renders children once data is there. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  children: (data: T) => React.ReactNode;
}) {
  const t = useTranslations("settings");
  const errorText = useErrorText();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <Alert>
        <span className="mr-2">{t("common.loadError", { message: errorText.text(query.error) })}</span>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t("common.retry")}
        </Button>
      </Alert>
    );
  }
  return <Spinner label={t("common.loading")} />;
}

/** A settings list: the kit's table frame (scrolls sideways on narrow screens, caption for screen readers). */
export function SettingsTable({
  caption,
  head,
  children,
}: {
  caption: string;
  /** Column titles; `{ label, className: wideOnly }` hides a secondary column on tablets. */
  head: Array<React.ReactNode | { label: React.ReactNode; className: string }>;
  children: React.ReactNode;
}) {
  const columns = head.map((item, index) =>
    item && typeof item === "object" && "label" in item
      ? { key: String(index), label: item.label, className: item.className }
      : { key: String(index), label: item },
  );
  return (
    <TableFrame label={caption} head={columns}>
      {children}
    </TableFrame>
  );
}

/** Secondary columns (order, counts) that give way on tablet-width screens. */
export const wideOnly = "hidden lg:table-cell";
/** The destructive button in a row of actions. */
// A disabled one turns grey: a live red on a button that cannot act reads as an action on offer.
export const dangerText = "text-red-800! hover:bg-red-50! disabled:text-slate-500! disabled:hover:bg-transparent!";
/** Row actions: side by side, wrapping when the column is narrow. */
export const actionsCell = "px-3 py-2 align-middle";
export const actionsRow = "flex flex-wrap gap-1";

export const cell = "px-3 py-2 align-middle";

/** Section title with the main action on the right. */
export function SectionHeader({ title, intro, action }: { title: string; intro?: string; action?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {intro ? <p className="mt-1 max-w-3xl text-sm text-slate-600">{intro}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** Cancel + submit row at the bottom of a dialog form. */
export function FormFooter({
  pending,
  onCancel,
  submitLabel,
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel?: string;
}) {
  const t = useTranslations("settings.common");
  return (
    // Sticks to the bottom of a tall dialog so Save stays in reach without scrolling.
    <div className="sticky bottom-0 -mx-5 -mb-5 mt-5 flex justify-end gap-2 border-t border-slate-100 bg-white px-5 py-3">
      <Button variant="secondary" onClick={onCancel}>
        {t("cancel")}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? t("saving") : (submitLabel ?? t("save"))}
      </Button>
    </div>
  );
}

/** The save button at the end of a form shown on a page (not in a dialog). */
export function SaveButtonRow({ pending }: { pending: boolean }) {
  const t = useTranslations("settings.common");
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </div>
  );
}

/** Turns an optional number input's text into a number, null (empty) or the raw text (so the schema reports it). */
export function numberOrNull(value: string): number | null | string {
  const text = value.trim().replace(",", ".");
  if (text === "") return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

/** The optional "order" of a row from its input's text: left out when empty, so the server puts the row last
 * (a text that is no number is passed on as is, for the schema to refuse under the field). */
export function orderInput(text: string): { order?: number } {
  const order = numberOrNull(text);
  return order === null ? {} : { order: order as number };
}

/** The "Order" number field of a settings row. */
export function OrderField({
  defaultValue,
  hint,
  error,
  registration,
}: {
  defaultValue?: number | undefined;
  hint?: string;
  error: string | undefined;
  /** In a react-hook-form form: its `register("order")` (then the form holds the value, not `defaultValue`). */
  registration?: UseFormRegisterReturn;
}) {
  const t = useTranslations("settings.common");
  return (
    <TextField
      label={t("order")}
      name="order"
      type="number"
      min={0}
      {...(registration ? registration : { defaultValue: defaultValue ?? "" })}
      hint={hint}
      error={error}
    />
  );
}
