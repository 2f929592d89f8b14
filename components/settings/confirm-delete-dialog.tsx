"use client";
// Deleting a settings row: the row waiting for confirmation, and the "Delete “name”?" dialog that deletes it.

import { useState } from "react";
import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";

/** The delete mutation of a settings list, by row id. */
type DeleteMutation = {
  mutate: (id: number, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
};

export type PendingDelete<T> = {
  /** The row waiting for confirmation, if any. */
  target: T | null;
  /** Asks to delete a row (clearing the previous refusal). */
  ask: (row: T) => void;
  remove: DeleteMutation;
  close: () => void;
};

export function usePendingDelete<T extends { id: number }>(remove: DeleteMutation): PendingDelete<T> {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    ask: (row) => {
      remove.reset();
      setTarget(row);
    },
    remove,
    close: () => setTarget(null),
  };
}

/** "Delete “name”?" with the consequences; the server's refusal (in use…) is shown inside. */
export function ConfirmDeleteDialog<T extends { id: number }>({
  deletion,
  name,
  body,
}: {
  deletion: PendingDelete<T>;
  /** The name of the row waiting for confirmation. */
  name: (row: T) => string;
  body: string;
}) {
  const t = useTranslations("settings.common");
  const { target, remove, close } = deletion;
  return (
    <ConfirmDialog
      open={target !== null}
      title={t("confirmDelete", { name: target ? name(target) : "" })}
      message={body}
      confirmLabel={t("delete")}
      tone="danger"
      pending={remove.isPending}
      error={remove.error}
      onCancel={close}
      onConfirm={() => target && remove.mutate(target.id, { onSuccess: close })}
    />
  );
}
