// The contract's response schema, enforced on real answers while the test suites run (DOCFLOW_CHECK_ANSWERS=1, set
// by vitest.config.ts and the e2e server): an answer that drifts from its contract fails every test that reaches it
// with a 500, on both databases. Production skips it (the schemas describe; serializers build the answers).
import type { ApiContract } from "./contract.ts";
import { config } from "../config/index.ts";

export function answerChecksEnabled(): boolean {
  return config("DOCFLOW_CHECK_ANSWERS");
}

export class AnswerContractError extends Error {
  constructor(contract: Pick<ApiContract, "method" | "path">, problem: string) {
    super(`Answer of ${contract.method} /api${contract.path} breaks its contract: ${problem}`);
    this.name = "AnswerContractError";
  }
}

/** Throws AnswerContractError when a success answer does not match the contract (status, JSON shape). */
export async function checkAnswer(contract: ApiContract, response: Response): Promise<void> {
  if (response.status >= 300) return;
  const isJson = (response.headers.get("content-type") ?? "").includes("json");
  if (!contract.response) {
    if (isJson) throw new AnswerContractError(contract, "a JSON answer, but the contract names no response schema");
    return;
  }
  const expected = contract.responseStatus ?? 200;
  // An idempotent replay answers what the first request answered; anything else must use the contract's status.
  if (response.status !== expected)
    throw new AnswerContractError(contract, `status ${response.status}, not ${expected}`);
  if (!isJson) throw new AnswerContractError(contract, "not a JSON answer");
  const parsed = contract.response.safeParse(await response.clone().json());
  if (!parsed.success) {
    // Paths and messages only: the values may be personal data.
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.message}`);
    throw new AnswerContractError(contract, issues.join("; "));
  }
}
