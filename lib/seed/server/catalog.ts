import "server-only";
import type { Db } from "../../db/client.ts";
import { brazilNationalHolidays } from "../../calendar/brazil-holidays.ts";

// The catalog a fresh instance starts with: the original service's five status categories, a realistic set
// of statuses with transitions, a sample product with steps and columns, and modalities (one on a
// Monday–Friday business-hours calendar with Brazil's national holidays). Used by `npm run db:seed`,
// `npm start` on an empty database, `cli instance create`, and as the test factory.

const DEFAULT_CATEGORIES = [
  { key: "primary", label: "Acesso", kind: "open", order: 1 },
  { key: "valid", label: "Em andamento", kind: "open", order: 2 },
  { key: "pause", label: "Pausados", kind: "pause", order: 3 },
  { key: "final", label: "Finalizados", kind: "finished", order: 4 },
  { key: "invalid", label: "Inválidos", kind: "finished", order: 5 },
] as const;

const STATUSES = [
  { name: "Novo", category: "primary", slaHours: 4, step: "Triagem", textColor: "#1e3a8a", bgColor: "#dbeafe" },
  { name: "Em análise", category: "valid", slaHours: 24, step: "Análise", textColor: "#713f12", bgColor: "#fef9c3" },
  {
    name: "Aguardando documentos",
    category: "pause",
    slaHours: null,
    step: "Análise",
    textColor: "#581c87",
    bgColor: "#f3e8ff",
  },
  { name: "Em execução", category: "valid", slaHours: 48, step: "Execução", textColor: "#7c2d12", bgColor: "#ffedd5" },
  // Final: a finished or cancelled case moves nowhere (no "Qualquer status" trap); an admin who wants a reopen lists it
  // as the status's one allowed transition in Settings → Status.
  {
    name: "Concluído",
    category: "final",
    slaHours: null,
    step: "Conclusão",
    textColor: "#14532d",
    bgColor: "#dcfce7",
    final: true,
  },
  {
    name: "Cancelado",
    category: "invalid",
    slaHours: null,
    step: null,
    textColor: "#7f1d1d",
    bgColor: "#fee2e2",
    final: true,
  },
] as const;

type StatusName = (typeof STATUSES)[number]["name"];

/** Allowed moves; statuses not listed here may move anywhere, except the final ones (nowhere). */
const TRANSITIONS: Partial<Record<StatusName, StatusName[]>> = {
  Novo: ["Em análise", "Cancelado"],
  "Em análise": ["Aguardando documentos", "Em execução", "Cancelado"],
  "Aguardando documentos": ["Em análise", "Cancelado"],
  "Em execução": ["Concluído", "Aguardando documentos", "Cancelado"],
};

const PRODUCT = {
  name: "Seguro Auto",
  description: "Emissão e endosso de apólices de seguro automóvel",
  defaultSlaHours: 72,
  steps: ["Triagem", "Análise", "Execução", "Conclusão"],
  columns: [
    { key: "placa", label: "Placa", type: "string" },
    { key: "valor_segurado", label: "Valor segurado", type: "number" },
    { key: "inicio_vigencia", label: "Início da vigência", type: "date" },
  ],
} as const;

/** Monday–Friday 09:00–18:00 (ISO weekday keys), the business-hours calendar. */
const BUSINESS_HOURS = {
  "1": [["09:00", "18:00"]],
  "2": [["09:00", "18:00"]],
  "3": [["09:00", "18:00"]],
  "4": [["09:00", "18:00"]],
  "5": [["09:00", "18:00"]],
};

export type SeededCatalog = {
  instanceId: number;
  categoryIds: Record<string, number>;
  statusIds: Record<StatusName, number>;
  productId: number;
  stepIds: Record<string, number>;
  modalityIds: { businessHours: number; plain: number };
};

/** Creates the default catalog in an existing, empty instance. */
async function seedCatalog(db: Db, instanceId: number, now = new Date()): Promise<SeededCatalog> {
  return db.$transaction(
    async (tx) => {
      const categoryIds: Record<string, number> = {};
      for (const category of DEFAULT_CATEGORIES) {
        const row = await tx.statusCategory.create({ data: { instanceId, ...category } });
        categoryIds[category.key] = row.id;
      }
      const product = await tx.product.create({
        data: {
          instanceId,
          name: PRODUCT.name,
          description: PRODUCT.description,
          defaultSlaHours: PRODUCT.defaultSlaHours,
          steps: { create: PRODUCT.steps.map((name, index) => ({ name, order: index + 1 })) },
          columns: { create: PRODUCT.columns.map((column, index) => ({ ...column, order: index + 1 })) },
        },
        include: { steps: true },
      });
      const stepIds = Object.fromEntries(product.steps.map((step) => [step.name, step.id]));
      const statusIds = {} as Record<StatusName, number>;
      for (const [index, status] of STATUSES.entries()) {
        const row = await tx.status.create({
          data: {
            instanceId,
            name: status.name,
            description: "",
            categoryId: categoryIds[status.category]!,
            slaHours: status.slaHours,
            textColor: status.textColor,
            bgColor: status.bgColor,
            order: index + 1,
            stepId: status.step ? stepIds[status.step] : null,
            final: "final" in status ? status.final : false,
          },
        });
        statusIds[status.name] = row.id;
      }
      for (const [from, targets] of Object.entries(TRANSITIONS)) {
        await tx.statusTransition.createMany({
          data: targets.map((to) => ({ fromStatusId: statusIds[from as StatusName], toStatusId: statusIds[to] })),
        });
      }
      const year = now.getUTCFullYear();
      const holidays = [year, year + 1].flatMap(brazilNationalHolidays);
      const businessHours = await tx.modality.create({
        data: {
          instanceId,
          identifier: "Horário comercial",
          workingHours: BUSINESS_HOURS,
          holidays: {
            create: holidays.map((holiday) => ({ date: new Date(`${holiday.date}T00:00:00Z`), name: holiday.name })),
          },
        },
      });
      const plain = await tx.modality.create({ data: { instanceId, identifier: "24x7" } });
      return {
        instanceId,
        categoryIds,
        statusIds,
        productId: product.id,
        stepIds,
        modalityIds: { businessHours: businessHours.id, plain: plain.id },
      };
      // ~40 small inserts: Prisma's 5 s default expired at load 30+ on a shared machine; the house's limit is 30 s.
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
}

/**
 * Creates an instance with the default catalog; with `companyName`, the name its customers know it by (the tracking
 * page's settings row, written with the instance).
 */
export async function createInstanceWithCatalog(
  db: Db,
  slug: string,
  name = slug,
  options: { companyName?: string | null } = {},
): Promise<SeededCatalog> {
  const trackingPage = options.companyName ? { create: { companyName: options.companyName } } : undefined;
  const instance = await db.instance.create({ data: { slug, name, trackingPage } });
  return seedCatalog(db, instance.id);
}
