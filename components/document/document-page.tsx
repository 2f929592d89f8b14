"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import { Button } from "@/components/ui/button.tsx";
import { Alert, Spinner } from "@/components/ui/feedback.tsx";
import { useDocumentView, type RevealedPersonalData } from "@/lib/api-client/document.ts";
import { ApiClientError } from "@/lib/api-client/fetch-json.ts";
import { UpdatedAgo } from "@/components/live/updated-ago.tsx";
import { AttachmentsPanel } from "./attachments-panel.tsx";
import { DocumentHeader } from "./document-header.tsx";
import { FilledColumnsEditor } from "./filled-columns-editor.tsx";
import { HistoryTimeline } from "./history-timeline.tsx";
import { backToListHref, ListNavigation, useListContext } from "./list-navigation.tsx";
import { MessagesPanel } from "./messages-panel.tsx";
import { ObservationsPanel } from "./observations-panel.tsx";
import { PersonalFields } from "./personal-fields.tsx";
import { SummaryCard } from "./summary-card.tsx";
import { WorkflowCard } from "./workflow-card.tsx";
import { ReturningNotice } from "./returning-notice.tsx";

/** The staff page of one document: everything about it, editable for staff/admin, read-only for viewers. */
export function DocumentPage({ id, me }: { id: number; me: number | null }) {
  const t = useTranslations("document");
  const tCommon = useTranslations("common");
  const errorText = useErrorText();
  // Real personal values live only in this component's memory, after a logged reveal; from then on the page asks the
  // server for its revealed variants too (messages, preview, history), which it grants only after that reveal.
  const [revealed, setRevealed] = useState<RevealedPersonalData | null>(null);
  const personal = revealed !== null;
  const view = useDocumentView(id, personal);
  const protocol = view.data?.document.protocol;
  const listQuery = useListContext();

  // Next applies the server's metadata title ("Documento #id") when it streams in, which can land after the data:
  // once the protocol is known it stays the title, whichever comes last.
  useEffect(() => {
    if (!protocol) return;
    const title = `${t("pageTitle", { protocol })} · DocFlow`;
    const apply = () => {
      if (document.title !== title) document.title = title;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [protocol, t]);

  if (view.isPending) return <Spinner label={t("loading")} />;
  if (view.isError) {
    if (view.error instanceof ApiClientError && view.error.status === 404) {
      return (
        <div className="space-y-3">
          <h1 className="text-2xl font-semibold">{t("notFound.title")}</h1>
          <p className="text-slate-700">{t("notFound.body")}</p>
          <Link href="/documents" className="font-medium text-brand-700 underline underline-offset-2">
            {t("back")}
          </Link>
        </div>
      );
    }
    return (
      <div className="space-y-3">
        <h1 className="sr-only">{t("pageTitle", { protocol: String(id) })}</h1>
        <Alert>{t("loadError", { message: errorText.text(view.error) })}</Alert>
        <Button variant="secondary" onClick={() => view.refetch()}>
          {tCommon("actions.retry")}
        </Button>
      </div>
    );
  }

  const data = view.data;
  const canEdit = data.permissions.can_edit;
  return (
    <div className="space-y-6">
      <DocumentHeader
        view={data}
        live={<UpdatedAgo updatedAt={view.dataUpdatedAt} fetching={view.isFetching} />}
        backHref={backToListHref(listQuery, id)}
        navigation={<ListNavigation id={id} />}
      />
      {!canEdit ? <Alert tone="info">{t("readOnly")}</Alert> : null}
      <ReturningNotice view={data} />
      {/* The overview and the workflow come first in reading order (and on top on a tablet); on a laptop they sit
          in the right-hand column. */}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-start-3 lg:row-start-1">
          <SummaryCard view={data} />
          {canEdit ? <WorkflowCard view={data} me={me} personal={personal} /> : null}
        </div>
        <div className="space-y-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          <PersonalFields view={data} revealed={revealed} onRevealed={setRevealed} />
          <FilledColumnsEditor view={data} />
          <ObservationsPanel view={data} personal={personal} />
          <AttachmentsPanel view={data} />
          <MessagesPanel view={data} />
        </div>
      </div>
      <HistoryTimeline view={data} personal={personal} />
    </div>
  );
}
