// TanStack Query hooks for "Minha conta", "Esqueci minha senha" and an admin's view of a user's sessions; every call
// goes through its route's contract, so method, URL, body and answer types cannot drift from the routes.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as account from "@/app/api/account/contract.ts";
import * as password from "@/app/api/account/password/contract.ts";
import * as customerReplies from "@/app/api/account/customer-replies/contract.ts";
import * as sessions from "@/app/api/account/sessions/contract.ts";
import * as endOthers from "@/app/api/account/sessions/end-others/contract.ts";
import * as userSessions from "@/app/api/admin/settings/users/[id]/sessions/contract.ts";
import * as userSession from "@/app/api/admin/settings/users/[id]/sessions/[sessionId]/contract.ts";
import * as resetRequest from "@/app/api/auth/password-reset/contract.ts";
import * as resetConfirm from "@/app/api/auth/password-reset/confirm/contract.ts";
import type { ContractAnswer, ContractBody } from "../http/contract.ts";
import { callApi } from "./fetch-json.ts";
import { liveQueryOptions } from "./live.ts";

export type SessionRow = ContractAnswer<typeof sessions.GET>["sessions"][number];

export const accountKeys = {
  all: ["account"] as const,
  account: () => [...accountKeys.all, "me"] as const,
  sessions: () => [...accountKeys.all, "sessions"] as const,
  userSessions: (id: number) => [...accountKeys.all, "user-sessions", id] as const,
};

export const useAccount = () => useQuery({ queryKey: accountKeys.account(), queryFn: () => callApi(account.GET, {}) });

/**
 * How often the header asks about customer activity: more often than the other live queries (a customer's reply
 * should reach an open queue within 5 s), on one index read, and it refreshes the lists only when something arrived.
 */
export const CUSTOMER_ACTIVITY_INTERVAL_MS = 3_000;

/** The header's count of cases whose customer replied, waiting for the signed-in person (live). */
export const useCustomerRepliesCount = () =>
  useQuery({
    queryKey: [...accountKeys.all, "customer-replies"] as const,
    queryFn: () => callApi(customerReplies.GET, {}),
    ...liveQueryOptions,
    refetchInterval: CUSTOMER_ACTIVITY_INTERVAL_MS,
  });

export function useUpdateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContractBody<typeof account.PATCH>) => callApi(account.PATCH, { body: input }),
    onSuccess: (saved) => client.setQueryData(accountKeys.account(), saved),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContractBody<typeof password.POST>) => callApi(password.POST, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export const useOwnSessions = () =>
  useQuery({ queryKey: accountKeys.sessions(), queryFn: () => callApi(sessions.GET, {}) });

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endOthers.POST, { body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export const useUserSessions = (id: number) =>
  useQuery({ queryKey: accountKeys.userSessions(id), queryFn: () => callApi(userSessions.GET, { params: { id } }) });

export function useRevokeUserSession(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => callApi(userSession.DELETE, { params: { id, sessionId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.userSessions(id) }),
  });
}

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => callApi(resetRequest.POST, { body: { email } }) });

export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: (input: ContractBody<typeof resetConfirm.POST>) => callApi(resetConfirm.POST, { body: input }),
  });
