"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button.tsx";
import { Dialog } from "@/components/ui/dialog.tsx";
import { useExportDownload, type ExportFilterInput } from "./export-button.tsx";

const ITEM =
  "flex min-h-11 cursor-pointer select-none items-center rounded-md px-3 text-sm text-slate-800 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100 lg:min-h-9";

/**
 * The documents list's secondary actions in one menu (Radix DropdownMenu: arrows, typing a letter, Escape gives the
 * focus back to its button): the two exports of exactly the listed filter, their options (a dialog) and the CSV
 * import. "Novo documento" stays the page's one primary button beside it; the export's progress shows under them.
 */
export function ListActionsMenu({ filter, canImport }: { filter: ExportFilterInput; canImport: boolean }) {
  const t = useTranslations("csv.export");
  const tq = useTranslations("queue.actions");
  const tl = useTranslations("documents");
  const tc = useTranslations("common.actions");
  const router = useRouter();
  const download = useExportDownload(filter);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={trigger}
          className="inline-flex min-h-11 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 lg:min-h-9"
        >
          {tq("menu")}
          <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M5.5 7.5 10 12l4.5-4.5 1 1L10 14 4.5 8.5z" />
          </svg>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            loop
            sideOffset={6}
            collisionPadding={8}
            className="z-40 w-72 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Item className={ITEM} disabled={download.blocked} onSelect={() => void download.run()}>
              {t("button")}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} disabled={download.blocked} onSelect={() => void download.run("xlsx")}>
              {t("buttonXlsx")}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} onSelect={() => setOptionsOpen(true)}>
              {tq("exportOptions")}
            </DropdownMenu.Item>
            {canImport ? (
              <>
                <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
                <DropdownMenu.Item className={ITEM} onSelect={() => router.push("/documents/import")}>
                  {tl("importCsv")}
                </DropdownMenu.Item>
              </>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog
        open={optionsOpen}
        title={t("options")}
        onClose={() => {
          setOptionsOpen(false);
          // Back to the menu's button (the item that opened the dialog is gone with the menu).
          setTimeout(() => trigger.current?.focus(), 0);
        }}
        wide
      >
        {download.options}
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={() => setOptionsOpen(false)}>
            {tc("close")}
          </Button>
        </div>
      </Dialog>
      {download.progress}
    </>
  );
}
