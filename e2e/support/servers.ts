/**
 * One shop server per Playwright worker, each on its own port with its own data folder, so that a
 * journey that changes the catalogue, the orders or the users never meets another worker's changes.
 * The config starts them (start-servers.mjs); the fixtures point each worker's browser and API clients
 * at its own.
 */
export const WORKERS = 2;

const firstPort = Number(process.env.E2E_PORT ?? 4310);
if (!Number.isInteger(firstPort) || firstPort < 1 || firstPort + WORKERS - 1 > 65535) {
  throw new Error(`E2E_PORT must be a port number with ${WORKERS - 1} free port(s) after it`);
}

/** The port of each worker's server, by the worker's parallel index: E2E_PORT, E2E_PORT + 1... */
export const SHOP_PORTS = Array.from({ length: WORKERS }, (_, index) => firstPort + index);

export function shopURL(port: number) {
  return `http://127.0.0.1:${port}`;
}
