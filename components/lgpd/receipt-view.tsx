"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { isKnownDeletedKind, summarizeDetails } from "@/lib/lgpd/details.ts";
import { shownStatus } from "@/lib/lgpd/shown-status.ts";
import type { LgpdReceipt } from "@/lib/lgpd/schemas.ts";
import { DataTable } from "@/components/ui/table.tsx";
import { LgpdStatusBadge } from "./lgpd-status-badge.tsx";
import { useDateTime } from "./use-date-time.ts";
import { KeptByHold } from "./kept-by-hold.tsx";
import { useDetailLines } from "./details-summary.tsx";

/** The printable receipt of one request, built from its row only (it survives the erasure it describes). */
export function ReceiptView({ receipt }: { receipt: LgpdReceipt }) {
  const t = useTranslations("lgpd");
  const when = useDateTime();
  const summary = summarizeDetails(receipt.details);
  const shown = shownStatus(receipt);
  // Everything but the counts and the holds (sections of their own), in sentences with São Paulo times.
  const otherLines = useDetailLines()({
    details: receipt.details,
    lastError: receipt.last_error,
    status: receipt.status,
    withCounts: false,
  });
  const total = summary.deleted.reduce((sum, entry) => sum + entry.count, 0);
  const facts: [string, React.ReactNode][] = [
    [t("receipt.requestId"), receipt.request_id],
    [t("receipt.instance"), `${receipt.instance_name} (${receipt.instance})`],
    [
      t("receipt.cpf"),
      <span key="cpf" className="font-mono">
        {receipt.cpf_masked}
      </span>,
    ],
    [t("receipt.status"), <LgpdStatusBadge key="status" status={receipt.status} review={receipt.review} />],
    [t("receipt.requestedAt"), when(receipt.requested_at)],
    [t("receipt.processedAt"), when(receipt.processed_at, t("notProcessed"))],
    [t("receipt.attempts"), receipt.attempts],
    [
      t("receipt.source"),
      receipt.source === "api" || receipt.source === "admin" ? t(`sources.${receipt.source}`) : receipt.source,
    ],
  ];

  return (
    <div className="mx-auto max-w-3xl space-y-4 print:max-w-none">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Link href="/lgpd" className="mr-auto text-sm text-brand-700 underline">
          {t("receipt.back")}
        </Link>
        <Button variant="secondary" onClick={() => window.print()}>
          {t("receipt.print")}
        </Button>
        <a
          href={`/api/admin/lgpd-requests/${receipt.request_id}/receipt`}
          download={`lgpd-receipt-${receipt.request_id}.json`}
          className="inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t("receipt.download")}
        </a>
      </div>

      <article
        aria-labelledby="receipt-title"
        className="space-y-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm print:border-0 print:p-0 print:shadow-none"
      >
        <header className="border-b border-slate-200 pb-4">
          <h1 id="receipt-title" className="text-xl font-semibold">
            {t("receipt.title")}
          </h1>
          <p className="text-sm text-slate-700">{t("receipt.subtitle", { id: receipt.request_id })}</p>
        </header>

        <p className="text-sm text-slate-800">{t(`receipt.statusNote.${shown}`)}</p>

        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>

        <section aria-labelledby="receipt-deleted">
          <h2 id="receipt-deleted" className="mb-2 text-base font-semibold">
            {t("receipt.deletedTitle")}
          </h2>
          {summary.deleted.length > 0 ? (
            <DataTable
              label={t("receipt.deletedTitle")}
              variant="compact"
              className="max-w-md"
              cellClassName="py-1.5 pr-3"
              rows={summary.deleted}
              rowKey={(entry) => entry.kind}
              columns={[
                {
                  key: "kind",
                  label: t("receipt.kind"),
                  rowHeader: true,
                  cellClassName: "font-normal!",
                  cell: (entry) => (isKnownDeletedKind(entry.kind) ? t(`kindNames.${entry.kind}`) : entry.kind),
                },
                {
                  key: "count",
                  label: t("receipt.count"),
                  className: "text-right",
                  cellClassName: "text-right tabular-nums",
                  cell: (entry) => entry.count,
                },
              ]}
              foot={
                <tr>
                  <th scope="row" className="py-1.5 pr-3 text-left">
                    {t("receipt.total")}
                  </th>
                  <td className="py-1.5 pr-3 text-right font-semibold tabular-nums">{total}</td>
                </tr>
              }
            />
          ) : (
            <p className="text-sm text-slate-700">{t("receipt.noCounts")}</p>
          )}
        </section>

        {receipt.kept ? <KeptByHold kept={receipt.kept} /> : null}

        {otherLines.length > 0 ? (
          <section aria-labelledby="receipt-other">
            <h2 id="receipt-other" className="mb-2 text-base font-semibold">
              {t("receipt.otherDetails")}
            </h2>
            <ul className="space-y-1 text-sm text-slate-800">
              {otherLines.map((line, index) => (
                <li key={index} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <footer className="border-t border-slate-200 pt-4 text-xs text-slate-600">
          <p>{t("receipt.generatedAt", { date: when(receipt.generated_at) })}</p>
          <p>{t("receipt.footer")}</p>
        </footer>
      </article>
    </div>
  );
}
