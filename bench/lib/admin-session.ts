/** The bench admin's session on a kept-alive connection, for the dashboard's staff-only reads. */
import { SESSION_COOKIE } from "@shop/shared/constants";
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD } from "../seed";
import type { Connection } from "./load-loop";

/** Signs the bench admin in on this connection, which keeps the session cookie. */
export async function signInAdmin(connection: Connection, origin: string): Promise<void> {
  const answer = await connection.send("POST", "/api/auth/login", {
    json: { email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD },
    headers: { origin },
  });
  if (answer.status !== 200) throw new Error(`signing in as ${BENCH_ADMIN_EMAIL}: status ${answer.status}`);
  const cookie = [answer.headers["set-cookie"] ?? []]
    .flat()
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`signing in as ${BENCH_ADMIN_EMAIL}: no session cookie`);
  connection.cookie = cookie.split(";")[0];
}
