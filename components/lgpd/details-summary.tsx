"use client";

import { useTranslations } from "use-intl";
import { isKnownDeletedKind, summarizeDetails } from "@/lib/lgpd/details.ts";
import { useDateTime } from "./use-date-time.ts";

type DetailsInput = {
  details: unknown;
  lastError: string | null;
  status: string;
  /** Whether to begin with the counts and what a hold kept (the receipt has sections of its own for them). */
  withCounts?: boolean;
};

/**
 * A request's details as Portuguese sentences, times in São Paulo: counts per kind, what a legal hold kept, when it
 * was received, denied or failed and why. Nothing shows a stored key or JSON; a value the page does not know yet
 * gets a sentence of its own.
 */
export function useDetailLines() {
  const t = useTranslations("lgpd");
  const when = useDateTime();
  return ({ details, lastError, status, withCounts = true }: DetailsInput): string[] => {
    // Nothing matched the CPF: one sentence says so, rather than four counts of zero.
    if (status === "not_found") return withCounts ? [t("details.notFound")] : [];
    const summary = summarizeDetails(details);
    const lines: string[] = [];
    // Counts on one line ("2 documentos, 5 observações, …"); a kind this page does not name is counted generically.
    const counts = summary.deleted.map((entry) =>
      isKnownDeletedKind(entry.kind)
        ? t(`kinds.${entry.kind}`, { count: entry.count })
        : t("details.otherKind", { count: entry.count }),
    );
    if (!withCounts) {
      // The receipt lists counts and holds in their own sections.
    } else if (status === "done" && summary.deleted.length > 0 && summary.deleted.every((entry) => entry.count === 0)) {
      lines.push(t("details.nothingDeleted"));
    } else if (counts.length > 0) {
      lines.push(counts.join(", "));
    }
    if (withCounts && summary.keptDocuments) lines.push(t("details.kept", { count: summary.keptDocuments }));
    for (const { moment, at } of summary.moments) {
      if (moment === "failed_at") {
        lines.push(t("details.failedAt", { date: when(at), attempts: summary.attempts ?? 0 }));
      } else {
        lines.push(t(`details.moments.${moment}`, { date: when(at) }));
      }
    }
    const denied = summary.review === "denied";
    if (summary.reason) lines.push(t(denied ? "details.deniedReason" : "details.reason", { reason: summary.reason }));
    if (lastError && lastError !== summary.reason) lines.push(t("details.lastError", { error: lastError }));
    for (const entry of summary.other) lines.push(t("details.other", { value: entry.value }));
    return lines;
  };
}

/** One line per fact of a request's details (useDetailLines). */
export function DetailsSummary(input: DetailsInput) {
  const t = useTranslations("lgpd");
  const lines = useDetailLines()(input);
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
