// Documents for the retention journey (e2e/retention.spec.ts): a product of their own whose cases finished more than a
// year ago (three) and last month (one), created long ago so no list or dashboard of the other specs shows them first.
import type { Db } from "../../lib/db/client.ts";
import type { SeededCatalog } from "../../lib/seed/server/catalog.ts";

const DAY = 86_400_000;

export const E2E_RETENTION = {
  product: "Seguro Retenção E2E",
  old: ["E2E-RET-0001", "E2E-RET-0002", "E2E-RET-0003"],
  recent: "E2E-RET-0004",
} as const;

export async function seedRetention(db: Db, catalog: SeededCatalog, now = new Date()): Promise<void> {
  const product = await db.product.create({
    data: { instanceId: catalog.instanceId, name: E2E_RETENTION.product },
  });
  const rows = [
    ...E2E_RETENTION.old.map((protocol, index) => ({ protocol, finishedDaysAgo: 400 + index })),
    { protocol: E2E_RETENTION.recent, finishedDaysAgo: 30 },
  ];
  for (const [index, row] of rows.entries()) {
    const created = new Date(now.getTime() - (row.finishedDaysAgo + 20) * DAY);
    await db.document.create({
      data: {
        instanceId: catalog.instanceId,
        protocol: row.protocol,
        statusId: catalog.statusIds["Concluído"],
        productId: product.id,
        cpf: "529.982.247-25",
        cpfDigits: "52998224725",
        name: `Cliente Antigo ${index + 1}`,
        email: `antigo${index + 1}@example.com`,
        slaStart: created,
        dateTime: created,
        createdAt: created,
        dateFinished: new Date(now.getTime() - row.finishedDaysAgo * DAY),
      },
    });
  }
}
