import "server-only";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

// RFC 6238 codes as every authenticator app reads them: SHA-1, 6 digits, 30-second steps. A code of the step before
// or after is accepted too (a phone's clock a little off, a code typed as it changed), and a step once accepted is
// never accepted again (RFC 6238 §5.2), so a code seen over a shoulder is spent.

const ISSUER = "DocFlow";
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI the QR code carries (the account's e-mail as its label). */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/** The QR code as an SVG data URL, drawn on the server (no image service sees the secret). */
export async function totpQrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}

/** The code's time step when it is good and newer than `afterStep`; null otherwise. */
export async function acceptedTotpStep(secret: string, code: string, afterStep: number): Promise<number | null> {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep > 0 ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
