// The people the browser tests sign in as (created by e2e/support/seed.ts on the e2e server's fresh database).
export const E2E_USERS = {
  admin: { email: "admin@e2e.test", password: "admin-password-123", name: "Ana Admin" },
  staff: { email: "staff@e2e.test", password: "staff-password-123", name: "Sérgio Staff" },
  viewer: { email: "viewer@e2e.test", password: "viewer-password-123", name: "Vera Viewer" },
} as const;
