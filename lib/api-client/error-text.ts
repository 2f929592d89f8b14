"use client";
// The UI's words for the API's errors: every error carries a stable `code` (lib/http/errors.ts) that maps to a
// message in messages/<locale>/errors.json. The server's English `message` is never shown to staff.
import { useMessages, useTranslations } from "use-intl";
import { ApiClientError, type ApiErrorParams, type ApiFieldError } from "./fetch-json.ts";

type ErrorMessages = { codes: Record<string, string>; fields: Record<string, string>; form: Record<string, string> };
type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * `text(error)` for any thrown value, `field(fieldError)` for one `errors[]` entry in a list ("status: obrigatório"),
 * `formField(fieldError)` for the sentence under a form's input ("Preencha este campo.").
 */
export function useErrorText() {
  const t = useTranslations("apiErrors") as unknown as Translate;
  const messages = (useMessages() as unknown as { apiErrors: ErrorMessages }).apiErrors;

  const text = (error: unknown): string => {
    if (error instanceof ApiClientError) {
      const code =
        error.body.code && Object.hasOwn(messages.codes, error.body.code)
          ? error.body.code
          : fallbackCode(error.status);
      return t(`codes.${code}`, withPlaceholders(messages.codes[code]!, error.body.params));
    }
    // fetch() rejects with a TypeError when the server cannot be reached.
    if (error instanceof TypeError) return t("codes.network");
    return t("codes.unexpected");
  };

  const field = (error: Pick<ApiFieldError, "code" | "params">): string => {
    let code = error.code && Object.hasOwn(messages.fields, error.code) ? error.code : "invalid";
    // "at least 1 character" on a text is how zod says "required".
    if (code === "too_small" && error.params?.minimum === 1 && error.params.origin === "string") code = "required";
    return t(`fields.${code}`, withPlaceholders(messages.fields[code]!, error.params));
  };

  const formField = (error: Pick<ApiFieldError, "code" | "params">): string => {
    const code = formCode(error);
    if (!Object.hasOwn(messages.form, code)) return field(error);
    return t(`form.${code}`, withPlaceholders(messages.form[code]!, error.params));
  };

  return { text, field, formField };
}

/** zod's generic codes, told apart by what they were checking (a text's length, a number, an e-mail). */
function formCode({ code = "invalid", params }: Pick<ApiFieldError, "code" | "params">): string {
  const text = params?.origin === "string";
  if (code === "too_small" && text) return params?.minimum === 1 ? "required" : "too_short";
  if (code === "too_big" && text) return "too_long";
  if (code === "invalid_type" && params?.expected === "number") return "number";
  if (code === "invalid_format" && params?.format === "email") return "email";
  return code;
}

function fallbackCode(status: number): string {
  if (status === 400) return "bad_request";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 413) return "payload_too_large";
  if (status === 415) return "unsupported_media_type";
  if (status === 429) return "too_many_requests";
  // A busy server's 503 said "Erro inesperado no servidor" when its body had no code (a proxy's own 503).
  if (status === 503) return "service_unavailable";
  return status >= 500 ? "internal" : "unexpected";
}

/** Every {placeholder} the message names gets a value, so a code sent without params never breaks the text. */
function withPlaceholders(message: string, params: ApiErrorParams | undefined): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [, name] of message.matchAll(/\{(\w+)/g)) values[name!] = params?.[name!] ?? "—";
  return { ...values, ...params };
}
