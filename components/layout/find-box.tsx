"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { findDocumentsQuery, useFindDocuments } from "@/lib/api-client/find.ts";
import { identifierPrefix, type FindDocumentsResult, type FoundDocument } from "@/lib/documents/find-schema.ts";

const DEBOUNCE_MS = 200;

const listHref = (text: string) => `/documents?${new URLSearchParams({ q: text })}`;

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName);
}

/** The document Enter opens without choosing: a protocol match, or the only document found. */
function directHit(answer: FindDocumentsResult | undefined): FoundDocument | undefined {
  if (!answer?.items.length) return undefined;
  const first = answer.items[0]!;
  if (first.matched.field === "protocol") return first;
  return answer.items.length === 1 && !answer.more ? first : undefined;
}

/**
 * The header's "find anything" box on every staff page ("/" or Ctrl/Cmd+K focuses it): a protocol (or the only
 * document found) opens on Enter, and any other text with matches opens the documents list filtered by it ("ver os N
 * na lista"); while typing, the documents found are listed under the box with what matched (an ARIA 1.2 combobox: arrows
 * move, Enter opens, Escape closes). Radix has no combobox primitive, hence the hand-written pattern.
 */
export function FindBox() {
  const t = useTranslations("find");
  const format = useFormatter();
  const router = useRouter();
  const queryClient = useQueryClient();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState("");
  const [debounced, setDebounced] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const find = useFindDocuments(debounced);
  const answer = debounced.trim() ? find.data : undefined;
  const items = answer?.items ?? [];

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";
      const slash =
        event.key === "/" &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !typingIn(event.target) &&
        !document.querySelector("dialog[open]");
      if (!shortcut && !slash) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const openDocument = (item: FoundDocument) => {
    setOpen(false);
    setActive(-1);
    setValue("");
    setDebounced("");
    router.push(`/documents/${item.id}`);
  };

  const onEnter = async () => {
    if (active >= 0 && items[active]) return openDocument(items[active]);
    const text = value.trim();
    if (!text) return;
    setDebounced(value);
    setOpen(true);
    const fresh = await queryClient.fetchQuery(findDocumentsQuery(text)).catch(() => undefined);
    if (inputRef.current?.value.trim() !== text) return;
    const hit = directHit(fresh);
    if (hit) openDocument(hit);
    else if (fresh?.items.length) showInList(text);
  };

  /** Every match on the documents list (its `q` filter reads the text as this box does), where filters narrow it. */
  const showInList = (text: string) => {
    setOpen(false);
    setActive(-1);
    setValue("");
    setDebounced("");
    router.push(listHref(text));
  };

  const matchedLabel = (item: FoundDocument) =>
    item.matched.field === "column"
      ? t("fields.column", { key: item.matched.key ?? "" })
      : t(`fields.${item.matched.field}`);
  const digits = identifierPrefix(debounced);
  const wholeIdentifier = digits && (digits.length === 11 || digits.length === 14);
  const expanded = open && debounced.trim().length > 0 && answer !== undefined;
  const activeId = active >= 0 && items[active] ? `${listId}-${items[active].id}` : undefined;

  return (
    <div
      className="relative w-full max-w-md"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${listId}-input`} className="sr-only">
        {t("label")}
      </label>
      <input
        ref={inputRef}
        id={`${listId}-input`}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={`${listId}-list`}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(true);
            if (!items.length) return;
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((current) => {
              const next = current + step;
              if (next < -1) return items.length - 1;
              return next >= items.length ? -1 : next;
            });
          } else if (event.key === "Enter") {
            event.preventDefault();
            void onEnter();
          } else if (event.key === "Escape") {
            setOpen(false);
            setActive(-1);
          }
        }}
        placeholder={t("placeholder")}
        title={t("shortcut")}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        className="h-11 w-full lg:h-9 rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600"
      />
      <div
        className={
          expanded
            ? "absolute right-0 z-40 mt-1 w-[min(36rem,calc(100vw-2rem))] rounded-md border border-slate-200 bg-white shadow-lg"
            : "hidden"
        }
      >
        <p className="border-b border-slate-100 px-3 py-1.5 text-xs text-slate-600" aria-live="polite">
          {find.isFetching
            ? t("searching")
            : answer?.too_short
              ? t("tooShort")
              : items.length === 0
                ? t("none")
                : answer?.more
                  ? `${t("count", { count: items.length })} · ${t("more")}`
                  : t("count", { count: items.length })}
        </p>
        <ul id={`${listId}-list`} role="listbox" aria-label={t("results")} className="max-h-96 overflow-y-auto py-1">
          {items.map((item, index) => (
            <li
              key={item.id}
              id={`${listId}-${item.id}`}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => openDocument(item)}
              onMouseEnter={() => setActive(index)}
              className={`cursor-pointer px-3 py-1.5 text-sm ${index === active ? "bg-brand-50" : ""}`}
            >
              <div className="flex items-baseline gap-2">
                <span className="font-mono font-medium text-brand-700">{item.protocol}</span>
                <span className="truncate text-slate-800">{item.name ?? ""}</span>
                <span
                  className="ml-auto shrink-0 rounded px-1.5 text-xs"
                  style={{ color: item.status.text_color, backgroundColor: item.status.bg_color }}
                >
                  {item.status.name}
                </span>
              </div>
              <div className="flex gap-2 text-xs text-slate-600">
                <span>
                  {matchedLabel(item)}: <mark className="bg-amber-100 text-slate-900">{item.matched.value}</mark>
                </span>
                <span className="ml-auto shrink-0">
                  {item.product.name} · {format.dateTime(new Date(item.created_at), { dateStyle: "short" })}
                </span>
              </div>
            </li>
          ))}
        </ul>
        {answer?.withheld.length ? (
          <p className="border-t border-slate-100 px-3 py-1.5 text-xs text-amber-900">
            {answer.withheld.map((reason) => t(`withheld.${reason}`)).join(" ")}
          </p>
        ) : null}
        {items.length ? (
          <a
            href={listHref(debounced.trim())}
            onClick={(event) => {
              event.preventDefault();
              showInList(debounced.trim());
            }}
            className="block border-t border-slate-100 px-3 py-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {answer?.more ? t("seeAllMore") : t("seeAll", { count: items.length })}
          </a>
        ) : null}
        {wholeIdentifier ? (
          <a
            href={`/documents?cpf=${digits}`}
            className="block border-t border-slate-100 px-3 py-1.5 text-sm text-brand-700 underline-offset-2 hover:underline"
          >
            {t("allOfCpf")}
          </a>
        ) : null}
      </div>
    </div>
  );
}
