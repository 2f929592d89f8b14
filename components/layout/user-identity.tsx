/**
 * Who is signed in, as "name · role". A name that only repeats the role (the first admin is called
 * "Administrador") says nothing: the e-mail identifies the person instead.
 */
export function UserIdentity({
  name,
  email,
  roleLabel,
  roleNames,
}: {
  name: string | null;
  email: string;
  roleLabel: string;
  /** The role's label in every language, none of which is a useful name. */
  roleNames: string[];
}) {
  const shown = displayName(name, email, roleNames);
  return (
    <span className="min-w-0 text-slate-700" data-testid="user-identity">
      <span className="font-medium text-slate-900">{shown}</span>
      <span className="text-slate-600 lg:max-2xl:sr-only"> · {roleLabel}</span>
    </span>
  );
}

export function displayName(name: string | null, email: string, roleNames: string[]): string {
  const trimmed = name?.trim() ?? "";
  const isRole = roleNames.some((role) => trimmed.localeCompare(role, undefined, { sensitivity: "base" }) === 0);
  return trimmed && !isRole ? trimmed : email;
}
