"use client";

import Link from "next/link";
import { useQueryStates } from "nuqs";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { SelectField, TextField } from "@/components/ui/field.tsx";
import { Alert, Card } from "@/components/ui/feedback.tsx";
import { type Column } from "@/components/ui/table.tsx";
import { useNow } from "@/components/live/updated-ago.tsx";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import {
  useAssignLgpdRequest,
  useEnterLgpdRequest,
  useLgpdInbox,
  type LgpdInboxRow,
} from "@/lib/api-client/lgpd-inbox.ts";
import { accessDownloadHref } from "@/lib/api-client/lgpd-subject.ts";
import { isValidCpf } from "@/lib/identifiers/identifiers.ts";
import { LGPD_INBOX_KIND_FILTERS, lgpdInboxUrl } from "@/lib/lgpd/inbox-url.ts";
import { LGPD_SHOWN_STATUSES } from "@/lib/lgpd/shown-status.ts";
import { DeadlineBadge } from "./deadline-badge.tsx";
import { LgpdStatusBadge } from "./lgpd-status-badge.tsx";
import { RequestListCard } from "./request-list-card.tsx";
import { EMPTY_ENTRY, HandEntryFields, entryBody, type HandEntry } from "./steering-panels.tsx";
import { useDateTime } from "./use-date-time.ts";

const PAGE_SIZE = 20;

/**
 * The officer's inbox: access and deletion requests in one list, the deletions awaiting review first, each with the
 * day received, its legal deadline, how it came in, who answers it, its review and status. Filters in the URL
 * (lib/lgpd/inbox-url.ts). "Nova solicitação" enters either kind received by e-mail, letter, phone or in person.
 * `me` is the signed-in officer's user id ("Atribuir a mim", "Minhas").
 */
export function LgpdInboxView({ deadlineDays, me }: { deadlineDays: number; me: number | null }) {
  const t = useTranslations("lgpdInbox");
  const tl = useTranslations("lgpd");
  const when = useDateTime();
  const now = useNow(30_000);
  const [url, setUrl] = useQueryStates(lgpdInboxUrl, { history: "push", scroll: false });
  const [entering, setEntering] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useLgpdInbox({
    kind: url.kind,
    status: url.status,
    assignee: url.responsavel,
    page: url.page,
    page_size: PAGE_SIZE,
  });
  const assignees = query.data?.assignees ?? [];

  const columns: Array<Column<LgpdInboxRow>> = [
    {
      key: "request",
      label: t("columns.request"),
      rowHeader: true,
      cardTitle: true,
      cell: (row) => <RequestLink row={row} />,
    },
    { key: "kind", label: t("columns.kind"), cardTitle: true, cell: (row) => t(`kinds.${row.kind}`) },
    {
      key: "cpf",
      label: t("columns.cpf"),
      cellClassName: "whitespace-nowrap font-mono text-xs",
      cell: (row) => <span className="font-mono text-xs">{row.cpf_masked}</span>,
    },
    {
      key: "received",
      label: t("columns.received"),
      cell: (row) => when(row.received_at ?? row.requested_at),
    },
    {
      key: "due",
      label: t("columns.due"),
      cell: (row) => <DeadlineBadge request={row} days={deadlineDays} now={now} />,
    },
    {
      key: "channel",
      label: t("columns.channel"),
      cell: (row) => <Channel row={row} />,
    },
    {
      key: "assignee",
      label: t("columns.assignee"),
      cell: (row) => <AssigneeCell row={row} assignees={assignees} me={me} />,
    },
    {
      key: "review",
      label: t("columns.review"),
      cell: (row) =>
        row.review === "awaiting" ? (
          <Badge tone="warning">{t("review.awaiting")}</Badge>
        ) : row.review ? (
          t(`review.${row.review}`)
        ) : (
          "—"
        ),
    },
    {
      key: "status",
      label: t("columns.status"),
      cell: (row) => <LgpdStatusBadge status={row.status} review={row.review} />,
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <form
          key={JSON.stringify([url.kind, url.status, url.responsavel, assignees.length])}
          role="search"
          aria-label={t("filters.label")}
          className="flex flex-wrap items-end gap-4"
          onSubmit={(event) => event.preventDefault()}
        >
          <SelectField
            label={t("filters.kind")}
            name="kind"
            defaultValue={url.kind ?? ""}
            onChange={(event) =>
              void setUrl({
                kind: LGPD_INBOX_KIND_FILTERS.find((kind) => kind === event.currentTarget.value) ?? null,
                page: null,
              })
            }
          >
            <option value="">{t("filters.anyKind")}</option>
            {LGPD_INBOX_KIND_FILTERS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("filters.status")}
            name="status"
            defaultValue={url.status ?? ""}
            onChange={(event) =>
              void setUrl({
                status: LGPD_SHOWN_STATUSES.find((status) => status === event.currentTarget.value) ?? null,
                page: null,
              })
            }
          >
            <option value="">{tl("filters.anyStatus")}</option>
            {LGPD_SHOWN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {tl(`status.${status}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t("filters.assignee")}
            name="responsavel"
            defaultValue={url.responsavel === null ? "" : String(url.responsavel)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              void setUrl({
                responsavel: value === "me" || value === "none" ? value : value ? Number(value) : null,
                page: null,
              });
            }}
          >
            <option value="">{t("filters.anyAssignee")}</option>
            {me !== null ? <option value="me">{t("filters.mine")}</option> : null}
            <option value="none">{t("filters.unassigned")}</option>
            {assignees
              .filter((person) => person.id !== me)
              .map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
          </SelectField>
        </form>
        <Button onClick={() => setEntering((open) => !open)} aria-expanded={entering}>
          {t("new.button")}
        </Button>
      </div>

      {entering ? (
        <NewRequestForm
          onDone={(message) => {
            setNotice(message);
            setEntering(false);
          }}
        />
      ) : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}

      <RequestListCard
        query={query}
        pageSize={PAGE_SIZE}
        page={url.page}
        onPage={(next) => void setUrl({ page: next === 1 ? null : next })}
        results={(data) =>
          `${t("results", { count: data.total })}${data.awaiting_review > 0 ? ` ${t("awaiting", { count: data.awaiting_review })}` : ""}`
        }
        label={t("tableLabel")}
        columns={columns}
        rowKey={(row) => `${row.kind}-${row.id}`}
      />
    </div>
  );
}

/** A deletion opens its receipt (decisions, holds, what was erased); an access request its package once built. */
function RequestLink({ row }: { row: LgpdInboxRow }) {
  const t = useTranslations("lgpdInbox");
  const label = t(`open.${row.kind}`, { id: row.id });
  if (row.kind === "deletion") {
    return (
      <Link href={`/lgpd/${row.id}/receipt`} className="font-medium text-brand-700 underline" aria-label={label}>
        {t("number", { id: row.id })}
      </Link>
    );
  }
  return row.status === "done" ? (
    <a href={accessDownloadHref(row.id)} className="font-medium text-brand-700 underline" aria-label={label}>
      {t("number", { id: row.id })}
    </a>
  ) : (
    <span>{t("number", { id: row.id })}</span>
  );
}

/**
 * Who answers the request: a list of the instance's staff (and "Sem responsável"), and "Atribuir a mim" while it is
 * not the officer's own. Each change is audited by the server.
 */
function AssigneeCell({
  row,
  assignees,
  me,
}: {
  row: LgpdInboxRow;
  assignees: Array<{ id: number; name: string }>;
  me: number | null;
}) {
  const t = useTranslations("lgpdInbox.assignee");
  const errorText = useErrorText();
  const assign = useAssignLgpdRequest();
  const target = { kind: row.kind, id: row.id };
  // A former colleague (disabled since) still shows as the one who holds it until someone else is chosen.
  const people =
    row.assignee && !assignees.some((person) => person.id === row.assignee!.id)
      ? [...assignees, row.assignee]
      : assignees;
  const canTake = me !== null && row.assignee?.id !== me && assignees.some((person) => person.id === me);
  return (
    <div className="flex flex-col items-start gap-1">
      <select
        aria-label={t(`label.${row.kind}`, { id: row.id })}
        className="max-w-48 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
        value={row.assignee ? String(row.assignee.id) : ""}
        disabled={assign.isPending}
        onChange={(event) =>
          assign.mutate({
            ...target,
            assignee_id: event.currentTarget.value ? Number(event.currentTarget.value) : null,
          })
        }
      >
        <option value="">{t("none")}</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.id === me ? t("me", { name: person.name }) : person.name}
          </option>
        ))}
      </select>
      {canTake ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={assign.isPending}
          aria-label={t(`takeNamed.${row.kind}`, { id: row.id })}
          onClick={() => assign.mutate({ ...target, assignee_id: me })}
        >
          {t("take")}
        </Button>
      ) : null}
      {assign.isError ? (
        <p role="alert" className="text-xs text-red-800">
          {errorText.text(assign.error)}
        </p>
      ) : null}
    </div>
  );
}

function Channel({ row }: { row: LgpdInboxRow }) {
  const t = useTranslations("lgpdInbox");
  const te = useTranslations("lgpdSteering.entry");
  const source =
    row.source === "api" || row.source === "admin" || row.source === "cli" ? t(`sources.${row.source}`) : row.source;
  return (
    <span className="inline-flex flex-col">
      <span>{source}</span>
      {row.channel ? <span className="text-xs text-slate-600">{te(`channels.${row.channel}`)}</span> : null}
    </span>
  );
}

/** Either kind, for a CPF, with how and when it arrived: the same staff routes the data-subject page uses. */
function NewRequestForm({ onDone }: { onDone: (message: string) => void }) {
  const t = useTranslations("lgpdInbox.new");
  const errorText = useErrorText();
  const enter = useEnterLgpdRequest();
  const [kind, setKind] = useState<"access" | "deletion">("access");
  const [cpfError, setCpfError] = useState<string | null>(null);
  const [entry, setEntry] = useState<HandEntry>(EMPTY_ENTRY);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const cpf = String(new FormData(event.currentTarget).get("cpf") ?? "").trim();
    if (!isValidCpf(cpf)) {
      setCpfError(t("invalidCpf"));
      return;
    }
    setCpfError(null);
    enter.mutate(
      { kind, body: { cpf, ...entryBody(entry) } },
      {
        onSuccess: (answer) =>
          onDone(t(answer.created ? `created.${kind}` : `pending.${kind}`, { id: answer.request.id })),
      },
    );
  }

  return (
    <Card title={t("title")}>
      <form onSubmit={submit} noValidate aria-label={t("title")} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("kind")}
            name="kind"
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value === "deletion" ? "deletion" : "access")}
          >
            <option value="access">{t("kinds.access")}</option>
            <option value="deletion">{t("kinds.deletion")}</option>
          </SelectField>
          <TextField
            label={t("cpf")}
            name="cpf"
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            placeholder="000.000.000-00"
            error={cpfError ?? undefined}
          />
        </div>
        <HandEntryFields value={entry} onChange={setEntry} />
        {enter.isError ? <Alert>{errorText.text(enter.error)}</Alert> : null}
        <Button type="submit" disabled={enter.isPending}>
          {enter.isPending ? t("sending") : t("submit")}
        </Button>
      </form>
    </Card>
  );
}
