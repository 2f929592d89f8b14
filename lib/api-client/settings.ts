// TanStack Query hooks for the settings pages (app/api/admin/settings/**). Answer types come from the routes'
// contracts (app/api/admin/settings/**/contract.ts), so they cannot drift from what the routes send.
import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type * as categories from "@/app/api/admin/settings/categories/contract.ts";
import type * as modality from "@/app/api/admin/settings/modalities/[id]/contract.ts";
import type * as modalities from "@/app/api/admin/settings/modalities/contract.ts";
import type * as product from "@/app/api/admin/settings/products/[id]/contract.ts";
import type * as products from "@/app/api/admin/settings/products/contract.ts";
import type * as statuses from "@/app/api/admin/settings/statuses/contract.ts";
import type * as users from "@/app/api/admin/settings/users/contract.ts";
import type * as resetPassword from "@/app/api/admin/settings/users/[id]/reset-password/contract.ts";
import type { ContractAnswer } from "../http/contract.ts";
import type { z } from "zod";
import type { ZDeleted } from "../settings/answers.ts";
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
import { fetchJson } from "./fetch-json.ts";

export type CategoryRow = ContractAnswer<typeof categories.GET>[number];
export type StatusRow = ContractAnswer<typeof statuses.GET>[number];
export type ProductRow = ContractAnswer<typeof products.GET>[number];
export type ProductDetail = ContractAnswer<typeof product.GET>;
export type ModalityRow = ContractAnswer<typeof modalities.GET>[number];
export type ModalityDetail = ContractAnswer<typeof modality.GET>;
export type UserRow = ContractAnswer<typeof users.GET>[number];
export type UserWithPassword = ContractAnswer<typeof resetPassword.POST>;
export type WorkingHours = Partial<Record<string, Array<[string, string]>>>;

const BASE = "admin/settings";

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

type Deleted = z.infer<typeof ZDeleted>;

// ---------------------------------------------------------------- categories
export const useCategories = () =>
  useQuery({ queryKey: settingsKeys.categories(), queryFn: () => fetchJson<CategoryRow[]>(`${BASE}/categories`) });

export const useSaveCategory = () =>
  useSettingsMutation(
    ({ id, input }: { id?: number; input: CreateCategoryInput | UpdateCategoryInput }) =>
      fetchJson<CategoryRow>(id ? `${BASE}/categories/${id}` : `${BASE}/categories`, {
        method: id ? "PATCH" : "POST",
        body: input,
      }),
    () => [settingsKeys.categories(), settingsKeys.statuses()],
  );

export const useDeleteCategory = () =>
  useSettingsMutation(
    (id: number) => fetchJson<Deleted>(`${BASE}/categories/${id}`, { method: "DELETE" }),
    () => [settingsKeys.categories()],
  );

// ---------------------------------------------------------------- statuses
export const useStatuses = () =>
  useQuery({ queryKey: settingsKeys.statuses(), queryFn: () => fetchJson<StatusRow[]>(`${BASE}/statuses`) });

export const useSaveStatus = () =>
  useSettingsMutation(
    ({ id, input }: { id?: number; input: CreateStatusInput | UpdateStatusInput }) =>
      fetchJson<StatusRow>(id ? `${BASE}/statuses/${id}` : `${BASE}/statuses`, {
        method: id ? "PATCH" : "POST",
        body: input,
      }),
    () => [settingsKeys.statuses(), settingsKeys.categories()],
  );

export const useDeleteStatus = () =>
  useSettingsMutation(
    (id: number) => fetchJson<Deleted>(`${BASE}/statuses/${id}`, { method: "DELETE" }),
    () => [settingsKeys.statuses(), settingsKeys.categories()],
  );

// ---------------------------------------------------------------- products, columns, steps
export const useProducts = () =>
  useQuery({ queryKey: settingsKeys.products(), queryFn: () => fetchJson<ProductRow[]>(`${BASE}/products`) });

export const useProduct = (id: number) =>
  useQuery({ queryKey: settingsKeys.product(id), queryFn: () => fetchJson<ProductDetail>(`${BASE}/products/${id}`) });

export const useSaveProduct = () =>
  useSettingsMutation(
    ({ id, input }: { id?: number; input: CreateProductInput | UpdateProductInput }) =>
      fetchJson<ProductRow>(id ? `${BASE}/products/${id}` : `${BASE}/products`, {
        method: id ? "PATCH" : "POST",
        body: input,
      }),
    ({ id }) => [settingsKeys.products(), ...(id ? [settingsKeys.product(id)] : [])],
  );

export const useDeleteProduct = () =>
  useSettingsMutation(
    (id: number) => fetchJson<Deleted>(`${BASE}/products/${id}`, { method: "DELETE" }),
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
    }) =>
      fetchJson<unknown>(`${BASE}/products/${productId}/${part}${id ? `/${id}` : ""}`, {
        method: id ? "PATCH" : "POST",
        body: input,
      }),
    () => [settingsKeys.product(productId), settingsKeys.products(), settingsKeys.statuses()],
  );

export const useDeleteProductPart = (productId: number, part: "columns" | "steps") =>
  useSettingsMutation(
    (id: number) => fetchJson<Deleted>(`${BASE}/products/${productId}/${part}/${id}`, { method: "DELETE" }),
    () => [settingsKeys.product(productId), settingsKeys.products(), settingsKeys.statuses()],
  );

// ---------------------------------------------------------------- modalities
export const useModalities = () =>
  useQuery({ queryKey: settingsKeys.modalities(), queryFn: () => fetchJson<ModalityRow[]>(`${BASE}/modalities`) });

export const useModality = (id: number) =>
  useQuery({
    queryKey: settingsKeys.modality(id),
    queryFn: () => fetchJson<ModalityDetail>(`${BASE}/modalities/${id}`),
  });

export const useSaveModality = () =>
  useSettingsMutation(
    ({ id, input }: { id?: number; input: CreateModalityInput | UpdateModalityInput }) =>
      fetchJson<ModalityRow>(id ? `${BASE}/modalities/${id}` : `${BASE}/modalities`, {
        method: id ? "PATCH" : "POST",
        body: input,
      }),
    ({ id }) => [settingsKeys.modalities(), ...(id ? [settingsKeys.modality(id)] : [])],
  );

export const useDeleteModality = () =>
  useSettingsMutation(
    (id: number) => fetchJson<Deleted>(`${BASE}/modalities/${id}`, { method: "DELETE" }),
    () => [settingsKeys.modalities()],
  );

export const useAddHolidays = (modalityId: number) =>
  useSettingsMutation(
    (input: AddHolidaysInput) =>
      fetchJson<ModalityRow>(`${BASE}/modalities/${modalityId}/holidays`, { method: "POST", body: input }),
    () => [settingsKeys.modality(modalityId), settingsKeys.modalities()],
  );

export const useRemoveHoliday = (modalityId: number) =>
  useSettingsMutation(
    (date: string) => fetchJson<ModalityRow>(`${BASE}/modalities/${modalityId}/holidays/${date}`, { method: "DELETE" }),
    () => [settingsKeys.modality(modalityId), settingsKeys.modalities()],
  );

// ---------------------------------------------------------------- users
export const useUsers = () =>
  useQuery({ queryKey: settingsKeys.users(), queryFn: () => fetchJson<UserRow[]>(`${BASE}/users`) });

export const useCreateUser = () =>
  useSettingsMutation(
    (input: CreateUserInput) => fetchJson<UserWithPassword>(`${BASE}/users`, { method: "POST", body: input }),
    () => [settingsKeys.users()],
  );

export const useUpdateUser = () =>
  useSettingsMutation(
    ({ id, input }: { id: number; input: UpdateUserInput }) =>
      fetchJson<UserRow>(`${BASE}/users/${id}`, { method: "PATCH", body: input }),
    () => [settingsKeys.users()],
  );

export const useResetPassword = () =>
  useSettingsMutation(
    (id: number) => fetchJson<UserWithPassword>(`${BASE}/users/${id}/reset-password`, { method: "POST", body: {} }),
    () => [settingsKeys.users()],
  );
