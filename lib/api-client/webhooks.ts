// TanStack Query hooks of the APIs menu's webhooks page over /api/admin/webhooks with the session.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZCreatedWebhook, ZWebhookList } from "../webhooks/answers.ts";
import type { WebhookEvent } from "../webhooks/event-names.ts";
import { fetchJson } from "./fetch-json.ts";

export type WebhookRow = z.infer<typeof ZWebhookList>["items"][number];
export type CreatedWebhook = z.infer<typeof ZCreatedWebhook>;

export const webhookKeys = { all: ["apis", "webhooks"] as const };

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => fetchJson<{ items: WebhookRow[] }>("admin/webhooks", { signal }).then((d) => d.items),
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
  useWebhookMutation((body: { url: string; events: WebhookEvent[] }) =>
    fetchJson<CreatedWebhook>("admin/webhooks", { body }),
  );

export const useSetWebhookEnabled = () =>
  useWebhookMutation((input: { id: number; enabled: boolean }) =>
    fetchJson(`admin/webhooks/${input.id}`, { method: "PATCH", body: { enabled: input.enabled } }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) => fetchJson(`admin/webhooks/${id}`, { method: "DELETE" }));

export const useResendDelivery = () =>
  useWebhookMutation((id: number) => fetchJson(`admin/webhooks/deliveries/${id}/resend`, { body: {} }));
