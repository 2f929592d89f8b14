// CSV as Brazilian spreadsheets open it (Excel/LibreOffice in pt-BR): `;` between cells, CRLF, UTF-8 with a BOM so
// accents survive, and formula-looking text neutralised. Shared by the export (server) and the import's error report
// (browser). No server-only imports here.
import Papa from "papaparse";

export const SPREADSHEET_BOM = "\uFEFF";
const SPREADSHEET_DELIMITER = ";";

/** Spreadsheets run cells starting with = + - @ (or tab / CR) as formulas: a leading quote makes them text. */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Rows of cells (text or null) → the CSV lines, each ending in CRLF, without the BOM. */
export function spreadsheetLines(rows: Array<Array<string | null>>): string {
  if (!rows.length) return "";
  // A plain number ("-5", "1234,5") is a number to the spreadsheet, not a formula: it stays as is.
  const cells = rows.map((row) =>
    row.map((value) => (value === null ? "" : /^-?\d+(,\d+)?$/.test(value) ? value : neutralizeFormula(value))),
  );
  return `${Papa.unparse(cells, { delimiter: SPREADSHEET_DELIMITER, newline: "\r\n", quotes: false })}\r\n`;
}

/** A whole small file (BOM + header + rows), e.g. the import's error report. */
export function spreadsheetFile(header: string[], rows: Array<Array<string | null>>): string {
  return `${SPREADSHEET_BOM}${spreadsheetLines([header, ...rows])}`;
}
