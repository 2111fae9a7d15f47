import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCompression } from "./compression";

/** Over the 1 KB below which nothing is compressed. */
const LONG = { items: Array.from({ length: 200 }, (_, index) => ({ index, name: `Item ${index}` })) };

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await registerCompression(app);
  app.get("/read", async () => LONG);
  app.get("/short", async () => ({ ok: true }));
  app.post("/write", async () => LONG);
  app.route({ method: ["GET", "POST"], url: "/both", handler: async () => LONG });
  await app.ready();
});
afterAll(async () => app.close());

describe("compressed answers", () => {
  it("compresses a read with brotli or gzip, as the browser accepts, and says it varies by what it accepts", async () => {
    const br = await app.inject({
      method: "GET",
      url: "/read",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary).toLowerCase()).toContain("accept-encoding");
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(LONG);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(LONG).length / 4);

    const gzip = await app.inject({ method: "GET", url: "/read", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(LONG);

    const plain = await app.inject({ method: "GET", url: "/read" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual(LONG);
  });

  it("sends a short read as it is", async () => {
    const short = await app.inject({ method: "GET", url: "/short", headers: { "accept-encoding": "br" } });
    expect(short.headers["content-encoding"]).toBeUndefined();
  });

  it("never compresses the answer to a write, nor to a route that takes writes too", async () => {
    for (const url of ["/write", "/both"]) {
      const write = await app.inject({ method: "POST", url, headers: { "accept-encoding": "gzip, br" } });
      expect(write.headers["content-encoding"]).toBeUndefined();
      expect(write.json()).toEqual(LONG);
    }
  });
});
