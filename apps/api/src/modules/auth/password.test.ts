import { describe, expect, it } from "vitest";
import { hashing, hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one, also when many checks arrive at once", async () => {
    const stored = await hashPassword("Right@12345");
    const checks = await Promise.all(
      ["Right@12345", "Wrong@12345", "Right@12345", "right@12345", "Right@12345"].map((password) =>
        verifyPassword(stored, password),
      ),
    );
    expect(checks).toEqual([true, false, true, false, true]);
  });

  it("leaves a core free: a burst of checks runs at most `hashing.concurrency` at once, the rest wait", async () => {
    const stored = await hashPassword("Right@12345");
    const burst = hashing.concurrency + 3;
    let mostRunning = 0;
    let mostWaiting = 0;
    const checks = Promise.all(Array.from({ length: burst }, () => verifyPassword(stored, "Right@12345")));
    let done = false;
    void checks.finally(() => {
      done = true;
    });
    while (!done) {
      mostRunning = Math.max(mostRunning, hashing.activeCount);
      mostWaiting = Math.max(mostWaiting, hashing.pendingCount);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await checks).toEqual(Array.from({ length: burst }, () => true));
    expect(mostRunning).toBeGreaterThan(0);
    expect(mostRunning).toBeLessThanOrEqual(hashing.concurrency);
    expect(mostWaiting).toBeGreaterThan(0);
  });
});
