import { type APIResponse, expect } from "@playwright/test";

/** The envelope's data, once the status is the expected one (the server's message otherwise). */
export async function dataOf<T>(response: APIResponse, status: number): Promise<T> {
  const body = (await response.json()) as { data: T; message?: string };
  expect(response.status(), body.message).toBe(status);
  return body.data;
}
