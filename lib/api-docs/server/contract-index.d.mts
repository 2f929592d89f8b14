export function scanContracts(appDir: string): Array<{ file: string; methods: string[] }>;
export function contractIndexSource(appDir: string): string;
export function writeContractIndex(appDir: string): boolean;
