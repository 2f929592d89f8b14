import "server-only";

// Whether a file that starts like a PDF is one all the way through: every byte outside its streams must be PDF syntax
// (ISO 32000-1 §7.2–7.5: comments, numbers, names, strings, arrays, dictionaries, `N G obj … endobj`, the
// cross-reference table, the trailer, `startxref`), the objects must close, a `startxref` must point inside the file
// and the file must end with `%%EOF`. So an HTML page or a script behind a `%PDF-` header — which a browser that
// sniffs would render as a page — is refused, while every real writer's output (comments, binary marker line,
// incremental updates, object and cross-reference streams) passes. A stream's bytes (page contents, images, fonts,
// embedded files) are not judged: they are what a PDF viewer decodes, never what a browser renders.
//
// Written by hand on purpose: PDF libraries (pdf.js, pdf-lib) are built to recover from broken files — they skip what
// they cannot parse and rebuild a lost cross-reference table — so "it opened" would say nothing about what else the
// bytes hold. The question here is the reverse one, and PDF's lexical rules are small.

/** Each byte's class (§7.2.2): 0 regular, 1 white space, 2 delimiter — a table, since every byte is looked up. */
const CLASS = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[byte] = 1;
for (const char of "()<>[]{}/%") CLASS[char.charCodeAt(0)] = 2;
const isWhite = (byte: number) => CLASS[byte] === 1;
const isRegular = (byte: number) => CLASS[byte] === 0;
const KEYWORDS = new Set(["obj", "endobj", "stream", "endstream", "R", "true", "false", "null"]);
/** Keywords of the file's frame, outside any object: the cross-reference table (`n`, `f` entries) and the trailer. */
const FRAME_KEYWORDS = new Set(["xref", "trailer", "startxref", "f", "n"]);
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const HEADER = /^%PDF-(?:1\.[0-7]|2\.0)[\r\n\t %]/;
/**
 * HTML a browser's sniffer looks for in a file's first bytes (the WHATWG MIME Sniffing "scriptable" patterns and
 * their kin): refused there even inside a string or comment, where the lexer alone would let them by.
 */
const HTML_NEAR_START =
  /<(?:!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|svg|img|object|embed|meta)[\s>/]|<!--|<\?xml/i;
const SNIFF_WINDOW = 1024;

type Token = { kind: "number"; value: number } | { kind: "keyword"; value: string } | { kind: "other"; value: string };
const NAME: Token = { kind: "other", value: "name" };
const STRING: Token = { kind: "other", value: "string" };
const HEX: Token = { kind: "other", value: "hex" };
const ARRAY: Token = { kind: "other", value: "array" };
const OPEN_DICT: Token = { kind: "other", value: "<<" };
const CLOSE_DICT: Token = { kind: "other", value: ">>" };

export function isStructuredPdf(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!HEADER.test(buffer.toString("latin1", 0, 16))) return false;
  if (HTML_NEAR_START.test(buffer.toString("latin1", 0, SNIFF_WINDOW))) return false;
  let end = buffer.length;
  while (end > 0 && isWhite(buffer[end - 1]!)) end -= 1;
  if (end < 5 || buffer.toString("latin1", end - 5, end) !== "%%EOF") return false;

  let at = 0;
  let inObject = false;
  let objects = 0;
  let depth = 0; // open dictionaries and arrays
  let startxref: number | null = null;
  let awaitingStartxref = false;
  const recent: Token[] = []; // the last three tokens
  // A stream's direct `/Length n` (not `/Length n 0 R`), to find its end without searching through its bytes.
  let lengthState: { at: number; value: number | null } | null = null;
  let tokenIndex = 0;

  const push = (token: Token) => {
    if (recent.length === 3) recent.shift();
    recent.push(token);
    tokenIndex += 1;
  };

  while (at < end) {
    const byte = buffer[at]!;
    if (isWhite(byte)) {
      at += 1;
      continue;
    }
    if (byte === 0x25 /* % */) {
      while (at < end && buffer[at] !== 0x0a && buffer[at] !== 0x0d) at += 1;
      continue;
    }
    // Outside objects only the trailer's dictionary holds values; anything else there is not a PDF's frame.
    const valueAllowed = inObject || depth > 0;
    if (byte === 0x28 /* ( */) {
      if (!valueAllowed) return false;
      let nesting = 0;
      do {
        const char = buffer[at]!;
        if (char === 0x5c /* \ */) at += 1;
        else if (char === 0x28) nesting += 1;
        else if (char === 0x29) nesting -= 1;
        at += 1;
      } while (nesting > 0 && at < end);
      if (nesting > 0) return false;
      push(STRING);
      continue;
    }
    if (byte === 0x3c /* < */ && buffer[at + 1] === 0x3c) {
      const previous = recent[recent.length - 1];
      if (!valueAllowed && !(previous?.kind === "keyword" && previous.value === "trailer")) return false;
      depth += 1;
      at += 2;
      push(OPEN_DICT);
      continue;
    }
    if (byte === 0x3e /* > */ && buffer[at + 1] === 0x3e) {
      depth -= 1;
      if (depth < 0) return false;
      at += 2;
      push(CLOSE_DICT);
      continue;
    }
    if (byte === 0x3c /* < */) {
      // A hex string: hex digits and white space only (so `<html>` or `<script` is not one).
      if (!valueAllowed) return false;
      at += 1;
      while (at < end && buffer[at] !== 0x3e) {
        const char = buffer[at]!;
        const hex = (char >= 0x30 && char <= 0x39) || (char >= 0x41 && char <= 0x46) || (char >= 0x61 && char <= 0x66);
        if (!hex && !isWhite(char)) return false;
        at += 1;
      }
      if (at >= end) return false;
      at += 1;
      push(HEX);
      continue;
    }
    if (byte === 0x5b /* [ */ || byte === 0x5d /* ] */) {
      if (!valueAllowed) return false;
      depth += byte === 0x5b ? 1 : -1;
      if (depth < 0) return false;
      at += 1;
      push(ARRAY);
      continue;
    }
    if (byte === 0x2f /* / */) {
      if (!valueAllowed) return false;
      const start = at;
      at += 1;
      while (at < end && isRegular(buffer[at]!)) at += 1;
      // Only `/Length` matters here; other names are not turned into strings (a file may hold millions).
      if (depth === 1 && at - start === 7 && buffer.toString("latin1", start, at) === "/Length") {
        lengthState = { at: tokenIndex, value: null };
      }
      push(NAME);
      continue;
    }
    if (!isRegular(byte)) return false; // `)`, `>`, `{`, `}` out of place
    const start = at;
    while (at < end && isRegular(buffer[at]!)) at += 1;
    // Keywords are at most 9 characters and numbers rarely longer than 20; nothing longer is PDF syntax.
    if (at - start > 32) return false;
    const word = buffer.toString("latin1", start, at);
    if (NUMBER.test(word)) {
      const value = Number(word);
      if (lengthState && tokenIndex === lengthState.at + 1) lengthState.value = value;
      if (awaitingStartxref) {
        startxref = value;
        awaitingStartxref = false;
      }
      push({ kind: "number", value });
      continue;
    }
    if (lengthState && tokenIndex === lengthState.at + 3 && word === "R") lengthState.value = null;
    if (
      inObject
        ? !KEYWORDS.has(word)
        : !FRAME_KEYWORDS.has(word) && !(word === "obj" || (depth > 0 && KEYWORDS.has(word)))
    )
      return false;
    if (word === "obj") {
      const [number, generation] = recent.slice(-2);
      if (inObject || number?.kind !== "number" || generation?.kind !== "number") return false;
      inObject = true;
      objects += 1;
      lengthState = null;
    } else if (word === "endobj") {
      if (depth !== 0) return false;
      inObject = false;
    } else if (word === "startxref") {
      awaitingStartxref = true;
    } else if (word === "stream") {
      if (depth !== 0) return false;
      // The data begins after the keyword's end of line and ends at `endstream`.
      if (buffer[at] === 0x0d) at += 1;
      if (buffer[at] === 0x0a) at += 1;
      const declared = lengthState?.value;
      const afterDeclared = declared !== null && declared !== undefined ? at + declared : -1;
      let close = afterDeclared >= 0 && afterDeclared <= end ? afterDeclared : -1;
      while (close >= 0 && close < end && isWhite(buffer[close]!)) close += 1;
      if (close < 0 || buffer.toString("latin1", close, close + 9) !== "endstream") {
        close = buffer.indexOf("endstream", at, "latin1");
        if (close < 0) return false;
      }
      at = close + "endstream".length;
      lengthState = null;
    } else if (word === "endstream") {
      return false; // only ever read as the end of a stream's data
    }
    push({ kind: "keyword", value: word });
  }
  return !inObject && depth === 0 && objects > 0 && startxref !== null && startxref >= 0 && startxref < end;
}
