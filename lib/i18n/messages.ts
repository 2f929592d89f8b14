// UI text per locale, one JSON file per area (messages/<locale>/<area>.json) so areas can evolve independently.
import enApis from "@/messages/en/apis.json";
import enAudit from "@/messages/en/audit.json";
import enAuth from "@/messages/en/auth.json";
import enCommon from "@/messages/en/common.json";
import enCsv from "@/messages/en/csv.json";
import enDashboard from "@/messages/en/dashboard.json";
import enDocument from "@/messages/en/document.json";
import enDocuments from "@/messages/en/documents.json";
import enErrors from "@/messages/en/errors.json";
import enFind from "@/messages/en/find.json";
import enOperator from "@/messages/en/operator.json";
import enLive from "@/messages/en/live.json";
import enQueue from "@/messages/en/queue.json";
import enLgpd from "@/messages/en/lgpd.json";
import enLgpdSubject from "@/messages/en/lgpdSubject.json";
import enLgpdInbox from "@/messages/en/lgpdInbox.json";
import enLgpdSteering from "@/messages/en/lgpdSteering.json";
import enReference from "@/messages/en/reference.json";
import enRetention from "@/messages/en/retention.json";
import enSettings from "@/messages/en/settings.json";
import enTracking from "@/messages/en/tracking.json";
import ptApis from "@/messages/pt-BR/apis.json";
import ptAudit from "@/messages/pt-BR/audit.json";
import ptAuth from "@/messages/pt-BR/auth.json";
import ptCommon from "@/messages/pt-BR/common.json";
import ptCsv from "@/messages/pt-BR/csv.json";
import ptDashboard from "@/messages/pt-BR/dashboard.json";
import ptDocument from "@/messages/pt-BR/document.json";
import ptDocuments from "@/messages/pt-BR/documents.json";
import ptErrors from "@/messages/pt-BR/errors.json";
import ptFind from "@/messages/pt-BR/find.json";
import ptOperator from "@/messages/pt-BR/operator.json";
import ptLive from "@/messages/pt-BR/live.json";
import ptQueue from "@/messages/pt-BR/queue.json";
import ptLgpd from "@/messages/pt-BR/lgpd.json";
import ptLgpdSubject from "@/messages/pt-BR/lgpdSubject.json";
import ptLgpdInbox from "@/messages/pt-BR/lgpdInbox.json";
import ptLgpdSteering from "@/messages/pt-BR/lgpdSteering.json";
import ptReference from "@/messages/pt-BR/reference.json";
import ptRetention from "@/messages/pt-BR/retention.json";
import ptSettings from "@/messages/pt-BR/settings.json";
import ptTracking from "@/messages/pt-BR/tracking.json";

export const LOCALES = ["pt-BR", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "pt-BR";
export { DEFAULT_TIME_ZONE as TIME_ZONE } from "../time/zone.ts";
export const LOCALE_COOKIE = "locale";

const MESSAGES = {
  "pt-BR": {
    common: ptCommon,
    auth: ptAuth,
    documents: ptDocuments,
    document: ptDocument,
    apis: ptApis,
    lgpd: ptLgpd,
    lgpdSubject: ptLgpdSubject,
    lgpdInbox: ptLgpdInbox,
    lgpdSteering: ptLgpdSteering,
    audit: ptAudit,
    reference: ptReference,
    retention: ptRetention,
    settings: ptSettings,
    dashboard: ptDashboard,
    csv: ptCsv,
    apiErrors: ptErrors,
    live: ptLive,
    queue: ptQueue,
    tracking: ptTracking,
    find: ptFind,
    operator: ptOperator,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    documents: enDocuments,
    document: enDocument,
    apis: enApis,
    lgpd: enLgpd,
    lgpdSubject: enLgpdSubject,
    lgpdInbox: enLgpdInbox,
    lgpdSteering: enLgpdSteering,
    audit: enAudit,
    reference: enReference,
    retention: enRetention,
    settings: enSettings,
    dashboard: enDashboard,
    csv: enCsv,
    apiErrors: enErrors,
    live: enLive,
    queue: enQueue,
    tracking: enTracking,
    find: enFind,
    operator: enOperator,
  },
} as const;

export type Messages = (typeof MESSAGES)["pt-BR"];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale] as Messages;
}
