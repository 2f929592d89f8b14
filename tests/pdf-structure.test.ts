// What counts as a PDF (lib/documents/server/pdf-structure.ts): a writer's whole output — comments, a binary marker
// line, incremental updates, binary and even HTML-looking stream data — passes; HTML or script anywhere outside a
// stream, values outside an object, an unclosed object or string, a missing `startxref` or `%%EOF` do not.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isStructuredPdf } from "@/lib/documents/server/pdf-structure.ts";
import { sniffFile } from "@/lib/documents/server/sniff-file.ts";
import { ATTACHMENT_FORMATS } from "@/lib/documents/attachment-formats.ts";
import { SAMPLE_FILES, samplePdf, text } from "./helpers/sample-files.ts";

const latin1 = (value: string) => new Uint8Array(Buffer.from(value, "latin1"));
const asText = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

/** The sample with `replace` applied to its text (offsets are not rewritten: the check does not follow them). */
const edited = (replace: (pdf: string) => string) => latin1(replace(asText(samplePdf())));

describe("PDFs that pass", () => {
  it("a writer's whole file", () => {
    expect(isStructuredPdf(samplePdf())).toBe(true);
    expect(isStructuredPdf(SAMPLE_FILES.pdf)).toBe(true);
  });

  it("an incremental update (a second body, cross-reference section, trailer and %%EOF appended)", () => {
    const first = asText(samplePdf());
    const update = `5 0 obj\n<< /Type /Annot /Contents (Revisado \\(2\\)) >>\nendobj\nxref\n5 1\n0000000999 00000 n \ntrailer\n<< /Size 6 /Root 1 0 R /Prev 9 /ID [<0a1B2c3D> <0A1b2C3d>] >>\nstartxref\n${first.length}\n%%EOF\r\n`;
    expect(isStructuredPdf(latin1(first + update))).toBe(true);
  });

  it("stream data of any kind: binary, and bytes that look like HTML past a browser's sniffing window", () => {
    const binary = String.fromCharCode(...Array.from({ length: 256 }, (_, index) => index));
    const pastWindow = `${"\u00ff".repeat(1100)}<html><script>alert(1)</script></html>`;
    for (const data of [binary, pastWindow, "endstrea"]) {
      const pdf = edited((pdf) =>
        pdf.replace(
          /<< \/Length \d+ >>\nstream\n[^]*?\nendstream/,
          `<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n${data}\nendstream`,
        ),
      );
      expect(isStructuredPdf(pdf), JSON.stringify(data.slice(0, 20))).toBe(true);
    }
    // An indirect length: the end is found by its keyword.
    expect(isStructuredPdf(edited((pdf) => pdf.replace(/\/Length \d+/, "/Length 9 0 R")))).toBe(true);
  });

  it("PDFs written by real tools, where this machine has some", () => {
    const found = [
      "/usr/share/doc/libtasn1-doc/libtasn1.pdf",
      "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf",
    ]
      .filter((path) => existsSync(path))
      .map((path) => [path, new Uint8Array(readFileSync(path))] as const);
    for (const [path, bytes] of found) expect(isStructuredPdf(bytes), path).toBe(true);
  });
});

describe("PDFs that are refused", () => {
  const refused: Array<[string, Uint8Array]> = [
    ["an HTML page between the header and %%EOF", SAMPLE_FILES.pdfWithHtmlBody],
    [
      "a script after the header",
      text("%PDF-1.7\n<script>alert(1)</script>\n1 0 obj<<>>endobj\nstartxref\n0\n%%EOF\n"),
    ],
    [
      "HTML inside an object",
      edited((pdf) => pdf.replace("<< /Type /Catalog", "<body onload=alert(1)> << /Type /Catalog")),
    ],
    [
      "HTML in a comment near the start (a sniffing browser's window)",
      edited((pdf) => pdf.replace("%PDF-1.4\n", "%PDF-1.4\n%<html>\n")),
    ],
    [
      "HTML in a string near the start",
      edited((pdf) => pdf.replace("/Type /Catalog", "/Type /Catalog /T (<script>x</script>)")),
    ],
    [
      "a word that is not PDF syntax between objects",
      edited((pdf) => pdf.replace("2 0 obj", "alert(document.cookie)\n2 0 obj")),
    ],
    ["a string outside any object", edited((pdf) => pdf.replace("2 0 obj", "(texto solto)\n2 0 obj"))],
    ["an object that never closes", edited((pdf) => pdf.replace(/endobj\nxref/, "xref"))],
    ["an unterminated string", edited((pdf) => pdf.replace("/Type /Catalog", "/T (sem fim"))],
    ["a stream without endstream", edited((pdf) => pdf.replace("endstream", "endstrem"))],
    ["no startxref", edited((pdf) => pdf.replace(/startxref\n\d+\n/, ""))],
    ["a startxref past the end", edited((pdf) => pdf.replace(/startxref\n\d+/, "startxref\n99999999"))],
    ["no %%EOF", edited((pdf) => pdf.replace("%%EOF", ""))],
    ["no objects", text("%PDF-1.4\nxref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 >>\nstartxref\n9\n%%EOF\n")],
    ["a header that is not a PDF version", edited((pdf) => pdf.replace("%PDF-1.4", "%PDF-9.9"))],
    [
      "the tracking tests' old stand-in (a header, one empty object, %%EOF)",
      text("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
    ],
  ];
  for (const [label, bytes] of refused) {
    it(label, () => expect(isStructuredPdf(bytes)).toBe(false));
  }
});

describe("sniffFile", () => {
  it("names each format by content and refuses a format the caller does not allow", async () => {
    expect(await sniffFile(SAMPLE_FILES.pdf, ATTACHMENT_FORMATS)).toEqual({
      mediaType: "application/pdf",
      extension: "pdf",
    });
    expect(await sniffFile(SAMPLE_FILES.heic, ATTACHMENT_FORMATS)).toEqual({
      mediaType: "image/heic",
      extension: "heic",
    });
    expect(await sniffFile(SAMPLE_FILES.png, ["pdf"])).toBeNull();
    for (const hostile of [
      SAMPLE_FILES.mp4,
      SAMPLE_FILES.svg,
      SAMPLE_FILES.hta,
      SAMPLE_FILES.lnk,
      SAMPLE_FILES.pdfWithHtmlBody,
    ]) {
      expect(await sniffFile(hostile, ATTACHMENT_FORMATS)).toBeNull();
    }
  });
});
