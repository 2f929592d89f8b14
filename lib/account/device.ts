// "Chrome em Windows": a browser's User-Agent named as people know it. Written by hand: the sessions list needs only
// the browser and the system, and the maintained parsers are either large or under licences this project avoids.
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
  [/curl\/|node|undici|python|Go-http-client/i, "Programa"],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows/, "Windows"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

/** The browser and system of a User-Agent, or "Dispositivo desconhecido". */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return "Dispositivo desconhecido";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} em ${system}`;
  return browser ?? system ?? "Dispositivo desconhecido";
}
