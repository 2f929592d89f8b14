// The server / shared / client fences of eslint.config.mjs (docs/architecture.md "Layers"), checked on
// probe files linted at the paths they would have: each forbidden import must be refused, each allowed one accepted.
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The no-restricted-imports messages ESLint gives `source` as the file `file`. */
async function fenceErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const probe = 1;\n`, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

const database = 'import { getDb } from "@/lib/db/client.ts";\nvoid getDb;';
const databaseTypes = 'import type { Role } from "@/lib/db/generated/enums.ts";\nexport type R = Role;';
const prisma = 'import { PrismaClient } from "@prisma/client";\nvoid PrismaClient;';

describe("import fences", () => {
  it.each([
    ["components/probe.tsx", database],
    ["components/probe.tsx", databaseTypes],
    ["app/(staff)/probe/page.tsx", database],
    ["app/api/probe/route.ts", prisma],
    ["lib/api-client/probe.ts", database],
    ["lib/documents/probe.ts", 'import { Prisma } from "../db/client.ts";\nvoid Prisma;'],
    [
      "lib/documents/probe.ts",
      'import { searchDocuments } from "./server/search-documents.ts";\nvoid searchDocuments;',
    ],
    ["lib/documents/probe.ts", 'import "server-only";'],
    ["lib/documents/probe.ts", 'import { randomUUID } from "node:crypto";\nvoid randomUUID;'],
    [
      "lib/api-client/probe.ts",
      'import { searchDocuments } from "../documents/server/search-documents.ts";\nvoid searchDocuments;',
    ],
    [
      "components/probe.tsx",
      'import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";\nvoid serverTranslator;',
    ],
    ["lib/documents/server/probe.ts", 'import { badRequest } from "../../http/errors.ts";\nvoid badRequest;'],
  ])("%s refuses: %s", async (file, source) => {
    expect(await fenceErrors(file, source)).toHaveLength(1);
  });

  it.each([
    ["lib/documents/server/probe.ts", 'import { getDb } from "../../db/client.ts";\nvoid getDb;'],
    ["lib/documents/server/probe.ts", 'import { randomUUID } from "node:crypto";\nvoid randomUUID;'],
    ["lib/http/server/probe.ts", 'import { badRequest } from "../errors.ts";\nvoid badRequest;'],
    [
      "app/api/probe/route.ts",
      'import { searchDocuments } from "@/lib/documents/server/search-documents.ts";\nvoid searchDocuments;',
    ],
    ["components/probe.tsx", 'import { NextResponse } from "next/server";\nvoid NextResponse;'],
    ["tests/probe.test.ts", database],
    ["scripts/probe.ts", prisma],
  ])("%s allows: %s", async (file, source) => {
    expect(await fenceErrors(file, source)).toEqual([]);
  });
});

describe("one transaction door", () => {
  const syntaxErrors = async (file: string, source: string) => {
    const [result] = await eslint.lintText(`${source}\nexport const probe = 1;\n`, { filePath: path.join(ROOT, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
  };
  const prismaTransaction = "declare const db: any;\nvoid db.$transaction(async () => 1);";
  const rawBegin = 'declare const run: (text: string) => void;\nrun("BEGIN");';

  it.each([
    ["lib/documents/server/probe.ts", prismaTransaction],
    ["lib/lgpd/server/probe.ts", rawBegin],
    ["app/api/probe/route.ts", prismaTransaction],
    ["scripts/probe.ts", "declare const run: (text: string) => void;\nrun(`begin isolation level serializable`);"],
  ])("%s refuses: %s", async (file, source) => {
    expect(await syntaxErrors(file, source)).toHaveLength(1);
  });

  it.each([
    ["lib/db/probe.ts", prismaTransaction],
    ["lib/db/probe.ts", rawBegin],
    ["lib/documents/server/probe.ts", 'import { inTransaction } from "../../db/transaction.ts";\nvoid inTransaction;'],
  ])("%s accepts: %s", async (file, source) => {
    expect(await syntaxErrors(file, source)).toEqual([]);
  });
});
