/**
 * A PostgreSQL proxy on loopback that counts the statements a server sends, as PostgreSQL receives
 * them: every simple Query message and every Execute of the extended protocol is one statement
 * (BEGIN and COMMIT included, as each is a round trip). It reads only the frontend messages' headers
 * and the texts of Query and Parse, and passes every byte on unchanged.
 *
 * Statements are grouped in units of work per connection: a transaction from BEGIN to its COMMIT or
 * ROLLBACK, or one statement outside a transaction. A unit that takes from the outbox or records
 * its results is the mail sender's (requests only ever insert into it), so the bench can tell the two
 * apart.
 */
import net from "node:net";

/** Counts since the proxy started (or since `reset`). */
export interface StatementCounts {
  /** Statements of units that are not the sender's: the requests (and any timer of the server). */
  requests: number;
  /** Statements of the mail sender's units. */
  sender: number;
  /** The sender's units: its transactions, or statements run on their own. */
  senderUnits: number;
  /** Statement texts (whitespace folded, the first 90 characters) with how often each ran. */
  texts: Map<string, number>;
}

export interface StatementCounter {
  /** `postgres://` URL of the proxy, for the server's DATABASE_URL. */
  url: string;
  counts(): StatementCounts;
  reset(): void;
  close(): Promise<void>;
}

/** The protocol codes of the untyped requests a client may send before its startup message. */
const SSL_REQUEST = 80_877_103;
const GSS_REQUEST = 80_877_104;

/** The sender's statements: its take (`with "due" ...`), its results, or a read of the outbox. */
const SENDER_STATEMENT = /^\s*(with\s+"due"|update\s+"emails"|select\s[\s\S]*\sfrom\s+"emails")/i;
const BEGIN = /^\s*(begin|start transaction)\b/i;
const END = /^\s*(commit|rollback|end)\b/i;

/** Opens the proxy in front of the PostgreSQL server of `databaseUrl` (which must be on loopback). */
export async function startStatementCounter(databaseUrl: string): Promise<StatementCounter> {
  const target = new URL(databaseUrl);
  const port = Number(target.port || 5432);
  let counts = emptyCounts();

  const record = (unit: readonly string[]) => {
    const sender = unit.some((text) => SENDER_STATEMENT.test(text));
    if (sender) {
      counts.sender += unit.length;
      counts.senderUnits += 1;
    } else counts.requests += unit.length;
    for (const text of unit) {
      const key = text.replace(/\s+/g, " ").trim().slice(0, 90);
      counts.texts.set(key, (counts.texts.get(key) ?? 0) + 1);
    }
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(port, target.hostname);
    const reader = new FrontendReader(record);
    client.on("data", (chunk: Buffer) => {
      reader.push(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close);
    upstream.on("error", close);
    client.on("close", close);
    upstream.on("close", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the proxy has no port");
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(address.port);
  return {
    url: url.toString(),
    counts: () => ({ ...counts, texts: new Map(counts.texts) }),
    reset: () => {
      counts = emptyCounts();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Pooled connections stay open until the server using the proxy stops.
        server.unref();
      }),
  };
}

function emptyCounts(): StatementCounts {
  return { requests: 0, sender: 0, senderUnits: 0, texts: new Map() };
}

/** Splits one connection's frontend stream into messages and hands each finished unit of work on. */
class FrontendReader {
  private pending: Buffer = Buffer.alloc(0);
  private started = false;
  /** Statement texts by prepared statement name ("" is the unnamed one). */
  private readonly prepared = new Map<string, string>();
  /** The statement the last Bind named, which the next Execute runs. */
  private bound = "";
  /** The statements of the open transaction, or undefined outside one. */
  private unit: string[] | undefined;

  constructor(private readonly record: (unit: readonly string[]) => void) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    let offset = 0;
    for (;;) {
      if (!this.started) {
        // Untyped: Int32 length, Int32 code; an SSL or GSS request is followed by the real startup.
        if (this.pending.length - offset < 8) break;
        const length = this.pending.readInt32BE(offset);
        if (this.pending.length - offset < length) break;
        const code = this.pending.readInt32BE(offset + 4);
        if (code !== SSL_REQUEST && code !== GSS_REQUEST) this.started = true;
        offset += length;
        continue;
      }
      if (this.pending.length - offset < 5) break;
      const type = String.fromCharCode(this.pending[offset] ?? 0);
      const length = this.pending.readInt32BE(offset + 1);
      if (this.pending.length - offset < length + 1) break;
      this.message(type, this.pending.subarray(offset + 5, offset + 1 + length));
      offset += length + 1;
    }
    this.pending = this.pending.subarray(offset);
  }

  private message(type: string, body: Buffer): void {
    if (type === "Q") this.statement(cString(body, 0).text);
    else if (type === "P") {
      const name = cString(body, 0);
      this.prepared.set(name.text, cString(body, name.next).text);
    } else if (type === "B") {
      const portal = cString(body, 0);
      this.bound = cString(body, portal.next).text;
    } else if (type === "E") this.statement(this.prepared.get(this.bound) ?? "?");
  }

  private statement(text: string): void {
    if (BEGIN.test(text)) {
      this.unit = [text];
      return;
    }
    if (this.unit) {
      this.unit.push(text);
      if (END.test(text)) {
        this.record(this.unit);
        this.unit = undefined;
      }
      return;
    }
    this.record([text]);
  }
}

/** A NUL-terminated string at `start`, and the offset after its NUL. */
function cString(buffer: Buffer, start: number): { text: string; next: number } {
  const end = buffer.indexOf(0, start);
  const stop = end === -1 ? buffer.length : end;
  return { text: buffer.toString("utf8", start, stop), next: stop + 1 };
}
