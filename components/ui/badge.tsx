// The one pill of the app: a tone from the palette (states, deadlines) or a status's own configured colours.
import type { HTMLAttributes } from "react";

export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info" | "attention";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-slate-200 text-slate-800 ring-slate-300",
  success: "bg-green-100 text-green-900 ring-green-300",
  warning: "bg-amber-100 text-amber-900 ring-amber-300",
  danger: "bg-red-100 text-red-900 ring-red-300",
  info: "bg-sky-100 text-sky-900 ring-sky-300",
  attention: "bg-orange-100 text-orange-900 ring-orange-300",
};

export function Badge({
  tone = "neutral",
  color,
  background,
  outlined = false,
  className = "",
  children,
  ...props
}: HTMLAttributes<HTMLSpanElement> & {
  tone?: BadgeTone;
  /** A status's configured colours (text, background) instead of a tone. */
  color?: string;
  background?: string;
  /** A thin ring in the tone's colour (badges that sit on tinted rows). */
  outlined?: boolean;
}) {
  const custom = color || background;
  return (
    <span
      {...props}
      className={`inline-flex w-fit items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${custom ? "" : TONES[tone]} ${outlined ? "ring-1" : ""} ${className}`}
      style={custom ? { color: color ?? "#1f2937", backgroundColor: background ?? "#e5e7eb" } : undefined}
    >
      {children}
    </span>
  );
}
