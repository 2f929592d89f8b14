// TanStack Query hooks of the APIs menu's webhooks page over /api/admin/webhooks with the session.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as webhooks from "@/app/api/admin/webhooks/contract.ts";
import * as webhook from "@/app/api/admin/webhooks/[id]/contract.ts";
import * as resend from "@/app/api/admin/webhooks/deliveries/[id]/resend/contract.ts";
import * as delivery from "@/app/api/admin/webhooks/deliveries/[id]/contract.ts";
import * as revealDelivery from "@/app/api/admin/webhooks/deliveries/[id]/reveal/contract.ts";
import * as testEvent from "@/app/api/admin/webhooks/[id]/test/contract.ts";
import * as rotateSecret from "@/app/api/admin/webhooks/[id]/rotate-secret/contract.ts";
import type { ContractAnswer, ContractBody } from "@/lib/http/contract.ts";
import { callApi } from "./fetch-json.ts";

export type WebhookRow = ContractAnswer<typeof webhooks.GET>["items"][number];
export type CreatedWebhook = ContractAnswer<typeof webhooks.POST>;

export const webhookKeys = {
  all: ["apis", "webhooks"] as const,
  delivery: (id: number) => ["apis", "webhooks", "delivery", id] as const,
};

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

export const useDeleteWebhook = () => useWebhookMutation((id: number) => callApi(webhook.DELETE, { params: { id } }));

export const useResendDelivery = () =>
  useWebhookMutation((id: number) => callApi(resend.POST, { params: { id }, body: {} }));

/** Edit an endpoint's URL, events or payload detail. */
export const useUpdateWebhook = () =>
  useWebhookMutation((input: { id: number; body: ContractBody<typeof webhook.PATCH> }) =>
    callApi(webhook.PATCH, { params: { id: input.id }, body: input.body }),
  );

export const useSendTestEvent = () =>
  useWebhookMutation((id: number) => callApi(testEvent.POST, { params: { id }, body: {} }));

export const useRotateWebhookSecret = () =>
  useWebhookMutation((input: { id: number; overlapHours: number }) =>
    callApi(rotateSecret.POST, { params: { id: input.id }, body: { overlap_hours: input.overlapHours } }),
  );

/** One delivery's payload and answer, read only when the admin opens it (each read is audited). */
export function useWebhookDelivery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.delivery(id),
    queryFn: ({ signal }) => callApi(delivery.GET, { params: { id }, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * "Revelar" on a delivery: the payload in clear (the server audits the reveal); the answer replaces the masked one in
 * the cache, so the open detail shows it until the page is left.
 */
export function useRevealDelivery(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(revealDelivery.POST, { params: { id }, body: {} }),
    onSuccess: (answer) => queryClient.setQueryData(webhookKeys.delivery(id), answer),
  });
}
