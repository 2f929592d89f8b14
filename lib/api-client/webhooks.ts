// TanStack Query hooks of the APIs menu's webhooks page over /api/admin/webhooks with the session.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as webhooks from "@/app/api/admin/webhooks/contract.ts";
import * as webhook from "@/app/api/admin/webhooks/[id]/contract.ts";
import * as resend from "@/app/api/admin/webhooks/deliveries/[id]/resend/contract.ts";
import type { ContractAnswer, ContractBody } from "@/lib/http/contract.ts";
import { callApi } from "./fetch-json.ts";

export type WebhookRow = ContractAnswer<typeof webhooks.GET>["items"][number];
export type CreatedWebhook = ContractAnswer<typeof webhooks.POST>;

export const webhookKeys = { all: ["apis", "webhooks"] as const };

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => callApi(webhooks.GET, { signal }).then((d) => d.items),
    refetchInterval: 5_000,
    refetchIntervalInBackground: false,
  });
}

function useWebhookMutation<TInput, TAnswer>(call: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: ContractBody<typeof webhooks.POST>) => callApi(webhooks.POST, { body }));

export const useSetWebhookEnabled = () =>
  useWebhookMutation((input: { id: number; enabled: boolean }) =>
    callApi(webhook.PATCH, { params: { id: input.id }, body: { enabled: input.enabled } }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) => callApi(webhook.DELETE, { params: { id } }));

export const useResendDelivery = () =>
  useWebhookMutation((id: number) => callApi(resend.POST, { params: { id }, body: {} }));
