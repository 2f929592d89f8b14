// Response shapes of the catalog (product/status/modality loadAll and the objects inside a read view).
import "server-only";
import type {
  Modality,
  ModalityHoliday,
  Product,
  ProductColumn,
  ProductStep,
  Status,
  StatusCategory,
} from "../../db/client.ts";

const iso = (value: Date) => value.toISOString();

export function serializeStep(step: ProductStep) {
  return { id: step.id, product_id: step.productId, name: step.name, order: step.order };
}

export function serializeColumn(column: ProductColumn) {
  return {
    id: column.id,
    key: column.key,
    label: column.label,
    type: column.type,
    order: column.order,
    required: column.required,
    options: column.options ?? [],
  };
}

export function serializeCategory(category: StatusCategory) {
  return { id: category.id, key: category.key, label: category.label, kind: category.kind, order: category.order };
}

export function serializeProduct(product: Product & { steps?: ProductStep[]; columns?: ProductColumn[] }) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    sla: product.defaultSlaHours,
    active: product.active,
    created_at: iso(product.createdAt),
    updated_at: iso(product.updatedAt),
    ...(product.steps ? { steps: product.steps.map(serializeStep) } : {}),
    ...(product.columns ? { columns: product.columns.map(serializeColumn) } : {}),
  };
}

export function serializeStatus(
  status: Status & { category: StatusCategory; transitions?: Array<{ toStatusId: number }> },
) {
  return {
    id: status.id,
    name: status.name,
    description: status.description,
    category: status.category.key,
    category_id: status.categoryId,
    category_label: status.category.label,
    sla: status.slaHours,
    text_color: status.textColor,
    bg_color: status.bgColor,
    order: status.order,
    step_id: status.stepId,
    ...(status.transitions ? { allowed_status_ids: status.transitions.map((t) => t.toStatusId) } : {}),
  };
}

export function serializeModality(modality: Modality & { holidays?: ModalityHoliday[] }) {
  return {
    id: modality.id,
    identifier: modality.identifier,
    time_zone: modality.timeZone,
    working_hours: modality.workingHours,
    ...(modality.holidays
      ? {
          holidays: modality.holidays.map((holiday) => ({
            date: holiday.date.toISOString().slice(0, 10),
            name: holiday.name,
          })),
        }
      : {}),
    created_at: iso(modality.createdAt),
    updated_at: iso(modality.updatedAt),
  };
}
