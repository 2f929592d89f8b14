// Zones offered for SLA calendars: Brazil's, plus UTC. A modality already on another zone keeps it in the list.
export const TIME_ZONES = [
  "America/Sao_Paulo",
  "America/Bahia",
  "America/Fortaleza",
  "America/Recife",
  "America/Maceio",
  "America/Belem",
  "America/Araguaina",
  "America/Santarem",
  "America/Manaus",
  "America/Cuiaba",
  "America/Campo_Grande",
  "America/Porto_Velho",
  "America/Boa_Vista",
  "America/Rio_Branco",
  "America/Eirunepe",
  "America/Noronha",
  "UTC",
] as const;

export function zoneOptions(current?: string): string[] {
  return current && !(TIME_ZONES as readonly string[]).includes(current) ? [current, ...TIME_ZONES] : [...TIME_ZONES];
}
