"use client";

import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button.tsx";

export function SignOutButton({ label }: { label: string }) {
  return (
    <Button variant="secondary" size="sm" onClick={() => void signOut({ callbackUrl: "/signin?signedOut=1" })}>
      {label}
    </Button>
  );
}
