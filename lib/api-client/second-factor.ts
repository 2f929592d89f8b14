// TanStack Query hooks for the second factor: one's own ("Minha conta" and the enrolment a required factor leads to)
// and the admin's (the instance's policy, a user's reset); every call goes through its route's contract.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as status from "@/app/api/account/second-factor/contract.ts";
import * as enrolment from "@/app/api/account/second-factor/enrolment/contract.ts";
import * as confirm from "@/app/api/account/second-factor/enrolment/confirm/contract.ts";
import * as forgetDevices from "@/app/api/account/second-factor/forget-devices/contract.ts";
import * as policy from "@/app/api/admin/settings/second-factor/contract.ts";
import * as reset from "@/app/api/admin/settings/users/[id]/second-factor/reset/contract.ts";
import type { ContractBody } from "../http/contract.ts";
import { callApi } from "./fetch-json.ts";

export const secondFactorKeys = {
  all: ["second-factor"] as const,
  own: () => [...secondFactorKeys.all, "own"] as const,
  policy: () => [...secondFactorKeys.all, "policy"] as const,
};

export const useOwnSecondFactor = () =>
  useQuery({ queryKey: secondFactorKeys.own(), queryFn: () => callApi(status.GET, {}) });

export const useStartFactorEnrolment = () => useMutation({ mutationFn: () => callApi(enrolment.POST, { body: {} }) });

export function useConfirmFactorEnrolment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(confirm.POST, { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: secondFactorKeys.own() }),
  });
}

export const useForgetRememberedDevices = () =>
  useMutation({ mutationFn: () => callApi(forgetDevices.POST, { body: {} }) });

export const useSecondFactorPolicy = () =>
  useQuery({ queryKey: secondFactorKeys.policy(), queryFn: () => callApi(policy.GET, {}) });

export function useSaveSecondFactorPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContractBody<typeof policy.PUT>) => callApi(policy.PUT, { body: input }),
    onSuccess: (saved) => client.setQueryData(secondFactorKeys.policy(), saved),
  });
}

export const useResetUserSecondFactor = () =>
  useMutation({ mutationFn: (id: number) => callApi(reset.POST, { params: { id }, body: {} }) });
