import { describe, expect, it } from "vitest";
import { createShopClient } from "./client";

const OK = JSON.stringify({ success: true, message: "", data: { status: "ok" } });

/** A fetch that records each request's Cookie header and answers with the next Set-Cookie lines given. */
function fakeFetch(answers: string[][]) {
  const sent: { url: string; cookie: string | null; credentials: RequestCredentials }[] = [];
  const fetch = async (request: Request) => {
    sent.push({ url: request.url, cookie: request.headers.get("cookie"), credentials: request.credentials });
    const headers = new Headers({ "content-type": "application/json" });
    for (const line of answers.shift() ?? []) headers.append("set-cookie", line);
    return new Response(OK, { status: 200, headers });
  };
  return { fetch, sent };
}

describe("createShopClient in memory mode (Node)", () => {
  it("sends back the session cookie the API set, and forgets it when the API clears it", async () => {
    const { fetch, sent } = fakeFetch([
      ["shop_session=abc123; Path=/; HttpOnly; SameSite=Lax", "theme=dark; Max-Age=3600"],
      [],
      ["shop_session=; Path=/; Max-Age=0"],
      [],
    ]);
    const shop = createShopClient("http://127.0.0.1:3000/", { fetch, cookies: "memory" });
    await shop.GET("/api/health");
    await shop.GET("/api/health");
    await shop.GET("/api/health");
    await shop.GET("/api/health");
    expect(sent.map((request) => request.cookie)).toEqual([
      null,
      "shop_session=abc123; theme=dark",
      "shop_session=abc123; theme=dark",
      "theme=dark",
    ]);
    expect(sent[0]?.url).toBe("http://127.0.0.1:3000/api/health");
  });

  it("drops a cookie whose Expires has passed", async () => {
    const { fetch, sent } = fakeFetch([["a=1", "b=2"], ["a=; Expires=Thu, 01 Jan 1970 00:00:00 GMT"], []]);
    const shop = createShopClient("https://shop.example", { fetch, cookies: "memory" });
    await shop.GET("/api/health");
    await shop.GET("/api/health");
    await shop.GET("/api/health");
    expect(sent.map((request) => request.cookie)).toEqual([null, "a=1; b=2", "b=2"]);
  });

  it("sends a Secure cookie over https and to localhost, never over plain http to another host", async () => {
    const answers = () => [["shop_session=s1; Secure; HttpOnly", "plain=p"], []];
    const cookieSent = async (baseUrl: string) => {
      const { fetch, sent } = fakeFetch(answers());
      const shop = createShopClient(baseUrl, { fetch, cookies: "memory" });
      await shop.GET("/api/health");
      await shop.GET("/api/health");
      return sent[1]?.cookie;
    };
    expect(await cookieSent("https://shop.example")).toBe("shop_session=s1; plain=p");
    expect(await cookieSent("http://localhost:3000")).toBe("shop_session=s1; plain=p");
    expect(await cookieSent("http://shop.example")).toBe("plain=p");
  });
});

describe("createShopClient in browser mode", () => {
  it("leaves the cookie to the browser: credentials included, no Cookie header of its own", async () => {
    const { fetch, sent } = fakeFetch([["shop_session=abc123; HttpOnly"], []]);
    const shop = createShopClient("https://shop.example", { fetch, cookies: "browser" });
    await shop.GET("/api/health");
    await shop.GET("/api/health");
    expect(sent.map(({ cookie, credentials }) => ({ cookie, credentials }))).toEqual([
      { cookie: null, credentials: "include" },
      { cookie: null, credentials: "include" },
    ]);
  });
});
