/**
 * Answers to reads (GET and HEAD: the pages, the catalogue, lists and exports) are compressed with
 * brotli or gzip, as the browser accepts, when they are over 1 KB: on a slow phone network a product
 * page's HTML or a page of products arrives in a quarter of the bytes. The built assets come
 * compressed already (app.ts) and are sent as they are.
 *
 * Answers to writes are not compressed: one may carry a secret beside text the request sent (a
 * two-step setup's key, a token), and compression would let someone who watches sizes guess at it
 * (BREACH). They are small.
 */
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

const READS = new Set(["GET", "HEAD"]);

/** Before any route is added: the hook marks each write route as not compressed. */
export async function registerCompression(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat();
    if (route.compress === undefined && methods.some((method) => !READS.has(method))) route.compress = false;
  });
  await app.register(compress, { encodings: ["br", "gzip"] });
}
