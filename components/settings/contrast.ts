// WCAG 2.x contrast between two #rrggbb colours, for the status colour preview.

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export const isHexColour = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);

/** The contrast ratio (1–21), or null when either colour is not #rrggbb. */
export function contrastRatio(foreground: string, background: string): number | null {
  if (!isHexColour(foreground) || !isHexColour(background)) return null;
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
