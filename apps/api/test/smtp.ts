/**
 * A real SMTP server on a free loopback port (the `smtp-server` package), holding what it receives,
 * parsed. `refuseNext(n)` answers the next n messages with a temporary 451, as a busy server does.
 * `port` starts it on a given port (a server that comes back where it was); 0 lets the OS choose.
 * `delayMs` makes each answer wait, as a server that takes its time; `holdNext()` keeps the next
 * message (received and kept, as a server that has taken it) without answering until released.
 */
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface HeldMessage {
  message: ReceivedMessage;
  /** Answers the sender at last (250), if it is still there to hear it. */
  release(): void;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMessage[];
  refuseNext(count: number): void;
  /** Resolves once the next message has arrived and been kept; its answer waits for `release()`. */
  holdNext(): Promise<HeldMessage>;
  /** Resolves with the first message received (now or within `timeoutMs`) that `match` accepts. */
  waitFor(match: (message: ReceivedMessage) => boolean, timeoutMs?: number): Promise<ReceivedMessage>;
  close(): Promise<void>;
}

function addressOf(parsed: ParsedMail): string {
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  return to?.value[0]?.address ?? "";
}

export async function startSmtp({ port: wanted = 0, delayMs = 0 } = {}): Promise<TestSmtp> {
  const messages: ReceivedMessage[] = [];
  let refusals = 0;
  let holding: ((held: HeldMessage) => void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Try again later"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const message: ReceivedMessage = {
            to: addressOf(parsed),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            messageId: parsed.messageId ?? "",
          };
          messages.push(message);
          const hold = holding;
          holding = undefined;
          if (hold) hold({ message, release: () => callback() });
          else if (delayMs > 0) setTimeout(() => callback(), delayMs);
          else callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(wanted, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext(count) {
      refusals = count;
    },
    holdNext() {
      return new Promise<HeldMessage>((resolve) => {
        holding = resolve;
      });
    },
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such message within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
