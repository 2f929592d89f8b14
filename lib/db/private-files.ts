import { chmodSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";

// The embedded database's files hold every person's data: readable and writable by the server's user only.
// PGlite unpacks a new database from its bundled template with mode 0666 files, and later creates files and folders
// through Emscripten's file system, which leaves the mode to the process's umask (0022 on most systems → 0644/0755;
// 0000 in some containers → world-writable). So the process keeps a umask of 0077 from the moment it opens an
// embedded database (PGlite creates files for as long as it runs), and the folder is tightened at open and right
// after PGlite has unpacked it (what an older release or another umask left, and the template's files).

const PRIVATE_UMASK = 0o077;

/** Sets the process umask so new files are 0600 and new folders 0700 (main thread only: workers cannot set it). */
export function keepNewFilesPrivate(): void {
  try {
    process.umask(process.umask() | PRIVATE_UMASK);
  } catch {
    // Worker threads cannot change the umask; tightenModes still fixes what exists at open.
  }
}

/** chmod 0700 for `dir` and the folders below it, 0600 for its files (symbolic links are left alone). */
export function tightenModes(dir: string): void {
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) return;
  if ((stat.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) tightenModes(child);
    else if (entry.isFile() && (lstatSync(child).mode & 0o777) !== 0o600) chmodSync(child, 0o600);
  }
}
