// Relative links of the project's markdown files and whether each resolves: the file exists and, for a `#fragment`
// into a markdown file, that file has a heading with GitHub's anchor for it. Hand-written (a regular expression over
// inline links, outside fenced and inline code): the docs use only inline `[text](target)` links, and no markdown
// parser is among the dependencies.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export type BrokenLink = { file: string; line: number; target: string; problem: string };

/** README.md and every markdown file under docs/, relative to `root`. */
export function projectMarkdownFiles(root: string): string[] {
  const files = ["README.md"];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir)).sort()) {
      const rel = path.join(dir, name);
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (name.endsWith(".md")) files.push(rel);
    }
  };
  if (existsSync(path.join(root, "docs"))) walk("docs");
  return files.filter((file) => existsSync(path.join(root, file)));
}

/** The text with fenced code blocks and inline code blanked (line numbers kept). */
function withoutCode(text: string): string {
  return text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, " "))
    .replace(/`[^`\n]*`/g, (code) => " ".repeat(code.length));
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .replace(/`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Every anchor a markdown file offers (repeated headings get -1, -2… as on GitHub). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutCode(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const heading = markdown.slice(match.index, match.index + match[0].length).replace(/^#{1,6}[ \t]+/, "");
    const base = headingAnchor(heading.replace(/[ \t#]*$/, ""));
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

/** The relative links of `file` (relative to `root`) that do not resolve. */
export function brokenLinks(root: string, file: string): BrokenLink[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const broken: BrokenLink[] = [];
  for (const match of withoutCode(text).matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    const line = text.slice(0, match.index).split("\n").length;
    const [targetPath, fragment] = target.split("#", 2) as [string, string | undefined];
    const resolved = targetPath
      ? path.join(path.dirname(path.join(root, file)), decodeURIComponent(targetPath))
      : path.join(root, file);
    if (!existsSync(resolved)) {
      broken.push({ file, line, target, problem: "no such file" });
      continue;
    }
    if (
      fragment !== undefined &&
      resolved.endsWith(".md") &&
      !anchorsOf(readFileSync(resolved, "utf8")).has(fragment)
    ) {
      broken.push({ file, line, target, problem: "no such heading" });
    }
  }
  return broken;
}
