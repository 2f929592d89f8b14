// Whether this process is shutting down (set by the app server on SIGTERM/SIGINT). On globalThis: the server script
// and the route bundles are different module instances. /api/ready answers 503 from then on, so that a load balancer
// stops sending new requests while the ones in flight finish.
const KEY = "__docflowShuttingDown";
const state = globalThis as { [KEY]?: boolean };

export const isShuttingDown = (): boolean => state[KEY] === true;
export const markShuttingDown = (): void => {
  state[KEY] = true;
};
