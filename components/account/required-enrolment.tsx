"use client";

import { SecondFactorCard } from "./second-factor-card.tsx";

/** The enrolment a required factor leads to; once the recovery codes are kept, the app opens. */
export function RequiredEnrolment() {
  return <SecondFactorCard onEnrolled={() => window.location.assign("/")} />;
}
