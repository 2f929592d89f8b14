// TanStack Query hooks for the settings pages (app/api/admin/settings/**): every call goes through its route's
// contract (app/api/admin/settings/**/contract.ts), so method, URL, body and answer types cannot drift from the routes.
import * as replyTemplate from "@/app/api/admin/settings/reply-template/contract.ts";
import * as replyTemplateTest from "@/app/api/admin/settings/reply-template/test-message/contract.ts";
import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import * as category from "@/app/api/admin/settings/categories/[id]/contract.ts";
import * as categories from "@/app/api/admin/settings/categories/contract.ts";
import * as holiday from "@/app/api/admin/settings/modalities/[id]/holidays/[date]/contract.ts";
import * as holidays from "@/app/api/admin/settings/modalities/[id]/holidays/contract.ts";
import * as modality from "@/app/api/admin/settings/modalities/[id]/contract.ts";
import * as modalities from "@/app/api/admin/settings/modalities/contract.ts";
import * as column from "@/app/api/admin/settings/products/[id]/columns/[columnId]/contract.ts";
import * as columns from "@/app/api/admin/settings/products/[id]/columns/contract.ts";
import * as product from "@/app/api/admin/settings/products/[id]/contract.ts";
import * as step from "@/app/api/admin/settings/products/[id]/steps/[stepId]/contract.ts";
import * as steps from "@/app/api/admin/settings/products/[id]/steps/contract.ts";
import * as products from "@/app/api/admin/settings/products/contract.ts";
import * as status from "@/app/api/admin/settings/statuses/[id]/contract.ts";
import * as statuses from "@/app/api/admin/settings/statuses/contract.ts";
import * as statusTestMessage from "@/app/api/admin/settings/statuses/[id]/test-message/contract.ts";
import * as resetPassword from "@/app/api/admin/settings/users/[id]/reset-password/contract.ts";
import * as user from "@/app/api/admin/settings/users/[id]/contract.ts";
import * as users from "@/app/api/admin/settings/users/contract.ts";
import type { ContractAnswer, ContractBody } from "../http/contract.ts";
import type {
  AddHolidaysInput,
  CreateCategoryInput,
  CreateColumnInput,
  CreateModalityInput,
  CreateProductInput,
  CreateStatusInput,
  CreateStepInput,
  CreateUserInput,
  UpdateCategoryInput,
  UpdateColumnInput,
  UpdateModalityInput,
  UpdateProductInput,
  UpdateStatusInput,
  UpdateStepInput,
  UpdateUserInput,
} from "../settings/schemas.ts";
import { documentKeys } from "./document-keys.ts";
import { callApi } from "./fetch-json.ts";

export type CategoryRow = ContractAnswer<typeof categories.GET>[number];
export type StatusRow = ContractAnswer<typeof statuses.GET>[number];
export type ProductRow = ContractAnswer<typeof products.GET>[number];
export type ProductDetail = ContractAnswer<typeof product.GET>;
export type ModalityRow = ContractAnswer<typeof modalities.GET>[number];
export type ModalityDetail = ContractAnswer<typeof modality.GET>;
export type UserRow = ContractAnswer<typeof users.GET>[number];
export type WorkingHours = Partial<Record<string, Array<[string, string]>>>;

export const settingsKeys = {
  all: ["settings"] as const,
  categories: () => [...settingsKeys.all, "categories"] as const,
  statuses: () => [...settingsKeys.all, "statuses"] as const,
  products: () => [...settingsKeys.all, "products"] as const,
  product: (id: number) => [...settingsKeys.all, "products", id] as const,
  modalities: () => [...settingsKeys.all, "modalities"] as const,
  modality: (id: number) => [...settingsKeys.all, "modalities", id] as const,
  users: () => [...settingsKeys.all, "users"] as const,
};

/** A mutation that refreshes the given queries once it has succeeded. */
function useSettingsMutation<TVariables, TAnswer>(
  request: (variables: TVariables) => Promise<TAnswer>,
  invalidates: (variables: TVariables) => QueryKey[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (_answer, variables) => {
      await Promise.all(invalidates(variables).map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

// ---------------------------------------------------------------- categories
export const useCategories = () =>
  useQuery({ queryKey: settingsKeys.categories(), queryFn: () => callApi(categories.GET, {}) });

export const useSaveCategory = () =>
  useSettingsMutation(
    ({ id, input }: { id?: number; input: CreateCategoryInput | UpdateCategoryInput }) =>
      id
        ? callApi(category.PATCH, { params: { id }, body: input })
        : callApi(categories.POST, { body: input as CreateCategoryInput }),
    () => [settingsKeys.categories(), settingsKeys.statuses()],
  );

export const useDeleteCategory = () =>
  useSettingsMutation(
    (id: number) => callApi(category.DELETE, { params: { id } }),
    () => [settingsKeys.categories()],
  );

// ---------------------------------------------------------------- statuses
export const useStatuses = () =>
  useQuery({ queryKey: settingsKeys.statuses(), queryFn: () => callApi(statuses.GET, {}) });

export const useSaveStatus = () =>
  useSettingsMutation(
    ({ id, input }: { id?: number; input: CreateStatusInput | UpdateStatusInput }) =>
      id
        ? callApi(status.PATCH, { params: { id }, body: input })
        : callApi(statuses.POST, { body: input as CreateStatusInput }),
    () => [settingsKeys.statuses(), settingsKeys.categories()],
  );

/** "Enviar teste" of a status's saved message template (nothing cached changes). */
/** The instance's reply e-mail template (Settings → página de acompanhamento). */
export const useReplyTemplate = () =>
  useQuery({ queryKey: ["settings", "reply-template"] as const, queryFn: () => callApi(replyTemplate.GET, {}) });
export function useSaveReplyTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractBody<typeof replyTemplate.PUT>) => callApi(replyTemplate.PUT, { body }),
    onSuccess: (saved) => client.setQueryData(["settings", "reply-template"], saved),
  });
}
export const useSendReplyTest = () =>
  useMutation({ mutationFn: (to: string) => callApi(replyTemplateTest.POST, { body: { to } }) });

export const useSendStatusTest = (id: number) =>
  useMutation({ mutationFn: (to: string) => callApi(statusTestMessage.POST, { params: { id }, body: { to } }) });

export const useDeleteStatus = () =>
  useSettingsMutation(
    (id: number) => callApi(status.DELETE, { params: { id } }),
    () => [settingsKeys.statuses(), settingsKeys.categories()],
  );

/** Deletes a status after moving its documents to `moveTo` (one transaction on the server). */
export const useMoveAndDeleteStatus = () =>
  useSettingsMutation(
    ({ id, moveTo }: { id: number; moveTo: number }) =>
      callApi(status.DELETE, { params: { id }, query: `?move_to=${moveTo}` }),
    () => [settingsKeys.statuses(), settingsKeys.categories(), documentKeys.all],
  );

// ---------------------------------------------------------------- products, columns, steps
export const useProducts = () =>
  useQuery({ queryKey: settingsKeys.products(), queryFn: () => callApi(products.GET, {}) });

export const useProduct = (id: number) =>
  useQuery({ queryKey: settingsKeys.product(id), queryFn: () => callApi(product.GET, { params: { id } }) });

export const useSaveProduct = () =>
  useSettingsMutation(
    ({ id, input }: { id?: number; input: CreateProductInput | UpdateProductInput }) =>
      id
        ? callApi(product.PATCH, { params: { id }, body: input })
        : callApi(products.POST, { body: input as CreateProductInput }),
    ({ id }) => [settingsKeys.products(), ...(id ? [settingsKeys.product(id)] : [])],
  );

export const useDeleteProduct = () =>
  useSettingsMutation(
    (id: number) => callApi(product.DELETE, { params: { id } }),
    () => [settingsKeys.products(), settingsKeys.statuses()],
  );

/** Columns and steps live under a product: `part` picks which. */
export const useSaveProductPart = (productId: number, part: "columns" | "steps") =>
  useSettingsMutation(
    ({
      id,
      input,
    }: {
      id?: number;
      input: CreateColumnInput | UpdateColumnInput | CreateStepInput | UpdateStepInput;
    }): Promise<unknown> =>
      part === "columns"
        ? id
          ? callApi(column.PATCH, { params: { id: productId, columnId: id }, body: input as UpdateColumnInput })
          : callApi(columns.POST, { params: { id: productId }, body: input as CreateColumnInput })
        : id
          ? callApi(step.PATCH, { params: { id: productId, stepId: id }, body: input as UpdateStepInput })
          : callApi(steps.POST, { params: { id: productId }, body: input as CreateStepInput }),
    () => [settingsKeys.product(productId), settingsKeys.products(), settingsKeys.statuses()],
  );

export const useDeleteProductPart = (productId: number, part: "columns" | "steps") =>
  useSettingsMutation(
    (id: number) =>
      part === "columns"
        ? callApi(column.DELETE, { params: { id: productId, columnId: id } })
        : callApi(step.DELETE, { params: { id: productId, stepId: id } }),
    () => [settingsKeys.product(productId), settingsKeys.products(), settingsKeys.statuses()],
  );

// ---------------------------------------------------------------- modalities
export const useModalities = () =>
  useQuery({ queryKey: settingsKeys.modalities(), queryFn: () => callApi(modalities.GET, {}) });

export const useModality = (id: number) =>
  useQuery({
    queryKey: settingsKeys.modality(id),
    queryFn: () => callApi(modality.GET, { params: { id } }),
  });

export const useSaveModality = () =>
  useSettingsMutation(
    ({ id, input }: { id?: number; input: CreateModalityInput | UpdateModalityInput }) =>
      id
        ? callApi(modality.PATCH, { params: { id }, body: input })
        : callApi(modalities.POST, { body: input as CreateModalityInput }),
    ({ id }) => [settingsKeys.modalities(), ...(id ? [settingsKeys.modality(id)] : [])],
  );

export const useDeleteModality = () =>
  useSettingsMutation(
    (id: number) => callApi(modality.DELETE, { params: { id } }),
    () => [settingsKeys.modalities()],
  );

export const useAddHolidays = (modalityId: number) =>
  useSettingsMutation(
    (input: AddHolidaysInput) => callApi(holidays.POST, { params: { id: modalityId }, body: input }),
    () => [settingsKeys.modality(modalityId), settingsKeys.modalities()],
  );

export const useRemoveHoliday = (modalityId: number) =>
  useSettingsMutation(
    (date: string) => callApi(holiday.DELETE, { params: { id: modalityId, date } }),
    () => [settingsKeys.modality(modalityId), settingsKeys.modalities()],
  );

// ---------------------------------------------------------------- users
export const useUsers = () => useQuery({ queryKey: settingsKeys.users(), queryFn: () => callApi(users.GET, {}) });

export const useCreateUser = () =>
  useSettingsMutation(
    (input: CreateUserInput) => callApi(users.POST, { body: input }),
    () => [settingsKeys.users()],
  );

export const useUpdateUser = () =>
  useSettingsMutation(
    ({ id, input }: { id: number; input: UpdateUserInput }) => callApi(user.PATCH, { params: { id }, body: input }),
    () => [settingsKeys.users()],
  );

export const useResetPassword = () =>
  useSettingsMutation(
    (id: number) => callApi(resetPassword.POST, { params: { id }, body: {} }),
    () => [settingsKeys.users()],
  );
