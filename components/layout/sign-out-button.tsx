"use client";

import { signOutToSignIn } from "@/lib/api-client/session-end.ts";
import { Button } from "@/components/ui/button.tsx";

export function SignOutButton({ label }: { label: string }) {
  return (
    <Button variant="secondary" size="sm" onClick={() => void signOutToSignIn()}>
      {label}
    </Button>
  );
}
