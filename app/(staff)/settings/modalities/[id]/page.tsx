import { notFound } from "next/navigation";
import { ModalityDetailPanel } from "@/components/settings/modality-detail.tsx";
import { requireSettingsAdmin } from "../../settings-access.ts";
import { settingsMetadata } from "../../metadata.ts";

export const generateMetadata = () => settingsMetadata("modalities");

export default async function SettingsModalityPage({ params }: { params: Promise<{ id: string }> }) {
  await requireSettingsAdmin();
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  return <ModalityDetailPanel id={Number(id)} />;
}
