import { expect } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";

/** The AppError a use-case's promise rejects with (the assertion fails when it resolves or throws anything else). */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
