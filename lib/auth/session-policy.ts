// Session lifetimes: the JWT cookie expires after IDLE minutes without activity (the client refreshes it while a
// tab is in use), and a session is refused ABSOLUTE hours after sign-in whatever the activity.
export const SESSION_IDLE_SECONDS = (Number(process.env.SESSION_IDLE_MINUTES) || 30) * 60;
export const SESSION_ABSOLUTE_SECONDS = (Number(process.env.SESSION_MAX_HOURS) || 12) * 3600;
export const SESSION_REFRESH_SECONDS = Math.min(300, Math.floor(SESSION_IDLE_SECONDS / 3));
