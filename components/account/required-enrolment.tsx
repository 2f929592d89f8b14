"use client";

import { useRouter } from "next/navigation";
import { SecondFactorCard } from "./second-factor-card.tsx";

/** The enrolment a required factor leads to; once the recovery codes are kept, the app opens. */
export function RequiredEnrolment() {
  const router = useRouter();
  return <SecondFactorCard onEnrolled={() => router.replace("/")} />;
}
