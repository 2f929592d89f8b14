"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { Alert } from "@/components/ui/feedback.tsx";
import { TextField } from "@/components/ui/field.tsx";
import { useCreateSavedFilter, useDeleteSavedFilter, useSavedFilters } from "@/lib/api-client/documents.ts";
import { useErrorText } from "@/lib/api-client/error-text.ts";
import type { DocumentFilters, SavedFilterView } from "@/lib/documents/search-schema.ts";

/**
 * The user's saved searches and those colleagues shared with the team: apply one, delete one's own, or save the current
 * search under a name, kept personal or shared with everyone of the instance.
 */
export function SavedFilters({
  current,
  onApply,
}: {
  current: DocumentFilters;
  onApply: (filters: DocumentFilters) => void;
}) {
  const t = useTranslations("documents.saved");
  const tc = useTranslations("common");
  const saved = useSavedFilters();
  const create = useCreateSavedFilter();
  const remove = useDeleteSavedFilter();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedFilterView | null>(null);

  const errorText = useErrorText();
  // The field's own error line: the message for the API's code (e.g. saved_filter_duplicate).
  const createError = create.error ? errorText.text(create.error) : null;

  return (
    <section
      aria-labelledby="saved-filters-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id="saved-filters-heading" className="text-sm font-semibold text-slate-800">
          {t("heading")}
        </h2>
        {saved.data && saved.data.length === 0 ? <p className="text-sm text-slate-600">{t("none")}</p> : null}
        <ul className="flex flex-wrap gap-2">
          {saved.data?.map((filter) => (
            <li key={filter.id} className="inline-flex overflow-hidden rounded-md border border-slate-300">
              <button
                type="button"
                onClick={() => {
                  setNotice(null);
                  onApply(filter.filters);
                }}
                aria-label={t("apply", { name: filter.name })}
                className="px-3 py-1 text-sm text-slate-800 hover:bg-slate-100"
              >
                {filter.name}
                {filter.shared ? (
                  <span className="ml-1 text-xs text-slate-600" data-testid="saved-filter-shared">
                    {filter.mine ? t("sharedMine") : t("sharedBy", { owner: filter.owner })}
                  </span>
                ) : null}
              </button>
              {/* Only its owner deletes a view; a colleague's shared one is there to use. */}
              {filter.mine ? (
                <button
                  type="button"
                  onClick={() => setDeleting(filter)}
                  aria-label={t("delete", { name: filter.name })}
                  className="border-l border-slate-300 px-2 text-slate-600 hover:bg-red-50 hover:text-red-800"
                >
                  <span aria-hidden>×</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {!naming ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setNaming(true);
              setNotice(null);
              create.reset();
            }}
          >
            {t("save")}
          </Button>
        ) : null}
      </div>

      {naming ? (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = name.trim();
            if (!trimmed) return;
            create.mutate(
              { name: trimmed, filters: current, shared },
              {
                onSuccess: (row) => {
                  setNotice(t("saved", { name: row.name }));
                  setNaming(false);
                  setName("");
                  setShared(false);
                },
              },
            );
          }}
        >
          <TextField
            label={t("name")}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={80}
            required
            autoFocus
            className="w-64"
            error={createError ?? undefined}
          />
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800 lg:min-h-0">
            <input
              type="checkbox"
              checked={shared}
              onChange={(event) => setShared(event.target.checked)}
              className="h-4 w-4"
            />
            {t("share")}
          </label>
          <Button type="submit" size="md" disabled={create.isPending}>
            {t("saveSubmit")}
          </Button>
          <Button variant="ghost" onClick={() => setNaming(false)}>
            {tc("actions.cancel")}
          </Button>
        </form>
      ) : null}
      {notice ? (
        <div className="mt-3">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}

      <Dialog open={deleting !== null} title={t("heading")} onClose={() => setDeleting(null)}>
        <p className="mb-4 text-sm">{deleting ? t("deleteConfirm", { name: deleting.name }) : null}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            {tc("actions.cancel")}
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => {
              if (!deleting) return;
              const target = deleting;
              remove.mutate(target.id, {
                onSuccess: () => setNotice(t("deleted", { name: target.name })),
                onSettled: () => setDeleting(null),
              });
            }}
          >
            {tc("actions.delete")}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
