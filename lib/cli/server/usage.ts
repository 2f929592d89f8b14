import "server-only";
import { PASSWORD_MIN_LENGTH } from "../../auth/server/passwords.ts";

// Help texts, kept apart from the commands so that `cli help` and usage errors answer without loading the database.

export const INSTANCE_USAGE = `Instances (tenants, addressed by slug):
  instance create --slug <slug> [--name <name>] [--company-name <name>]
      Creates an instance with the default catalog (status categories, statuses and transitions,
      a sample product, modalities). The slug: lower-case letters, digits and dashes. --company-name:
      the name customers know the company by (tracking page, e-mails); without it, the instance's admins
      are asked for it on the staff pages.
  instance list
      Lists the instances.
  instance formats --slug <slug> [--set pdf,jpg,png,webp,heic,heif]
      Shows (or, with --set, replaces) the file formats the instance takes as attachments from every
      sender — staff, integrations and the customer's tracking page — each judged by the file's content.`;

export const USER_USAGE = `Staff users (web sign-in and POST /api/auth/token):
  user create --email <e-mail> --role admin|staff|viewer [--password <p>] [--instance <slug>] [--name <name>]
              [--integration]
      Creates a user in the instance (default: default). Without --password a password is generated and
      printed once, alone on the last line of stdout. Passwords have at least ${PASSWORD_MIN_LENGTH} characters
      and are refused when common or easy to guess. --integration makes an integration's account (the original
      service's SDK and CLI): no web sign-in; its sign-in tokens read CPF, e-mail and phone in clear (staff and
      admin roles), each such read audited.
  user set-password --email <e-mail> [--password <p>]
      Replaces a user's password (generated and printed like above when not given) and signs them out
      everywhere. The way back in when the first admin's password is lost.`;

export const TOKEN_USAGE = `Document-API tokens (Authorization: Bearer <token>):
  token create --instance <slug> --name <name> [--role viewer|staff|admin] [--expires-days <n>]
               [--clear-personal-data]
      Creates a token (role staff unless given; no expiry unless given). The token is printed once,
      alone on the last line of stdout; only its hash is stored. It reads CPF, e-mail and phone masked
      unless --clear-personal-data (staff and admin roles; each clear read is counted on the token).
  token list [--instance <slug>]
      Lists tokens (id, prefix, name, role, created, expires, last used, state).
  token revoke <id | prefix | token>
      Revokes a token, named by its id or prefix as shown by "token list", or by the token itself.`;

export const LGPD_KEY_USAGE = `The instance's LGPD key (x-api-key of the LGPD deletion API):
  lgpd-key rotate --instance <slug>
      Generates a new key (the previous one stops working at once). The key is printed once,
      alone on the last line of stdout; only its hash is stored.`;

export const BACKUP_USAGE = `Backups of the embedded database (PGlite) — with the server stopped (it holds the database):
  backup --out <file>
      Writes a consistent copy of the whole database folder (a gzip'd tar from PGlite's dumpDataDir).
      Refuses to overwrite an existing file. On PostgreSQL use pg_dump instead (see the README).
  restore --from <file>
      Restores such a copy into PGLITE_DIR (default data/pglite), which must be empty or absent.`;
