// Session lifetimes: the JWT cookie expires after IDLE minutes without activity (the client refreshes it while a
// tab is in use), and a session is refused ABSOLUTE hours after sign-in whatever the activity.
import { config } from "../config/index.ts";
export const SESSION_IDLE_SECONDS = config("SESSION_IDLE_MINUTES") * 60;
export const SESSION_ABSOLUTE_SECONDS = config("SESSION_MAX_HOURS") * 3600;
export const SESSION_REFRESH_SECONDS = Math.min(300, Math.floor(SESSION_IDLE_SECONDS / 3));
