"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useLocale } from "use-intl";
import { signOutToSignIn } from "@/lib/api-client/session-end.ts";
import { isLocale, LOCALES } from "@/lib/i18n/messages.ts";
import { LOCALE_NAMES, useSwitchLocale } from "./language-switch.tsx";
import type { NavItem } from "./nav-links.tsx";

const ITEM =
  "flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-md px-3 text-base text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:ring-2 data-[highlighted]:ring-brand-600";

/**
 * The main menu on tablets and phones (below 1024 px): one "Menu" button in the header opens a menu with the
 * navigation, the language and "Sair", so the header stays one line tall instead of wrapping into a block.
 * Radix DropdownMenu: arrows and Home/End move between items, typing a letter jumps to an item, Escape closes and
 * gives focus back to the button, a click outside closes, and following a link closes it.
 */
export function MobileMenu({
  label,
  items,
  identity,
  labels,
}: {
  label: string;
  items: NavItem[];
  /** Who is signed in, shown at the top of the menu (not an item: nothing to do with it). */
  identity: React.ReactNode;
  labels: { navigation: string; language: string; signOut: string; account: string };
}) {
  const pathname = usePathname();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  return (
    <div className="lg:hidden">
      {/* Not modal: the rest of the page is not hidden from assistive technology while the menu is open (the button
          stays named and reachable, and no focusable element sits under aria-hidden); a click outside still closes. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="group inline-flex min-h-11 min-w-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100">
          <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
            <path className="group-data-[state=open]:hidden" d="M3 5h14v1.6H3zm0 4.2h14v1.6H3zm0 4.2h14V15H3z" />
            <path
              className="hidden group-data-[state=open]:block"
              d="M5.3 4.3 10 9l4.7-4.7 1 1L11 10l4.7 4.7-1 1L10 11l-4.7 4.7-1-1L9 10 4.3 5.3z"
            />
          </svg>
          {label}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            loop
            sideOffset={8}
            collisionPadding={8}
            className="z-40 w-72 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
          >
            <DropdownMenu.Label className="px-3 py-2 text-sm">{identity}</DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Group aria-label={labels.navigation}>
              {items.map((item) => {
                const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
                return (
                  <DropdownMenu.Item key={item.href} asChild>
                    <Link
                      href={item.href}
                      aria-current={active ? "page" : undefined}
                      className={`${ITEM} ${active ? "bg-brand-50 font-medium text-brand-800" : ""}`}
                    >
                      {item.label}
                    </Link>
                  </DropdownMenu.Item>
                );
              })}
            </DropdownMenu.Group>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.RadioGroup
              aria-label={labels.language}
              value={locale}
              onValueChange={(value) => {
                if (isLocale(value)) switchLocale(value);
              }}
            >
              {LOCALES.map((value) => (
                <DropdownMenu.RadioItem key={value} value={value} lang={value} className={ITEM}>
                  <span aria-hidden className="w-4 text-brand-700">
                    <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                  </span>
                  {LOCALE_NAMES[value]}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item asChild>
              <Link href="/conta" className={ITEM}>
                {labels.account}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} onSelect={() => void signOutToSignIn()}>
              {labels.signOut}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
