"use client";

import { useTranslations } from "use-intl";
import { isKnownDeletedKind, summarizeDetails } from "@/lib/lgpd/details.ts";

/** One line per fact of a request's details: counts per kind, the error reason, then unknown keys as they are. */
export function DetailsSummary({
  details,
  lastError,
  status,
}: {
  details: unknown;
  lastError: string | null;
  status: string;
}) {
  const t = useTranslations("lgpd");
  // Nothing matched the CPF: one sentence says so, rather than four counts of zero.
  if (status === "not_found") return <span>{t("details.notFound")}</span>;
  const summary = summarizeDetails(details);
  const lines: string[] = [];
  // Counts on one line ("2 documentos, 5 observações, …"); unknown kinds keep their key.
  const counts = summary.deleted.map((entry) =>
    isKnownDeletedKind(entry.kind) ? t(`kinds.${entry.kind}`, { count: entry.count }) : `${entry.kind}: ${entry.count}`,
  );
  if (status === "done" && summary.deleted.length > 0 && summary.deleted.every((entry) => entry.count === 0)) {
    lines.push(t("details.nothingDeleted"));
  } else if (counts.length > 0) {
    lines.push(counts.join(", "));
  }
  if (summary.reason) lines.push(t("details.reason", { reason: summary.reason }));
  if (lastError && lastError !== summary.reason) lines.push(t("details.lastError", { error: lastError }));
  for (const entry of summary.other) lines.push(`${entry.key}: ${entry.value}`);
  if (lines.length === 0) return <span className="text-slate-500">{t("details.none")}</span>;
  return (
    <ul className="space-y-0.5">
      {lines.map((line, index) => (
        <li key={index} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}
