/**
 * npm run create-admin -- --email E: makes a new admin or promotes an existing user. The password
 * comes from ADMIN_PASSWORD, from standard input (piped, or typed at a prompt that does not echo
 * it), or, least safely, from --password (shell history and process lists keep it).
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { Email, Password } from "@shop/shared/schemas/common";
import { z } from "zod";
import { parseConfig } from "#api/config";
import { migrateAsOwner, openDatabase } from "#api/db/client";
import { hashPassword } from "#api/modules/auth/password";
import { findUserByEmail, insertUser, updateUserRow } from "#api/modules/users/repo";

const Args = z.object({
  email: Email,
  password: Password,
  "first-name": z.string().trim().min(1).max(50).default("Shop"),
  "last-name": z.string().trim().min(1).max(50).default("Admin"),
});

/** One line from standard input; at a terminal, asked for without echoing what is typed. */
async function readPassword(): Promise<string> {
  const interactive = process.stdin.isTTY === true;
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const lines = createInterface({ input: process.stdin, output, terminal: interactive });
  try {
    if (interactive) process.stderr.write("Password: ");
    muted = interactive;
    const [line] = await new Promise<string[]>((resolve) => {
      const read: string[] = [];
      lines.once("line", (text) => resolve([text]));
      lines.once("close", () => resolve(read));
    });
    if (interactive) process.stderr.write("\n");
    return line ?? "";
  } finally {
    lines.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
  });
  const password = values.password ?? process.env.ADMIN_PASSWORD ?? (await readPassword());
  const parsed = Args.safeParse({ ...values, password });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join(".")}: ${issue.message}`);
    console.error(
      "usage: npm run create-admin -- --email owner@shop.example (password from ADMIN_PASSWORD, standard input or a prompt)",
    );
    process.exit(2);
  }
  const args = parsed.data;
  const config = parseConfig(process.env, { server: false });
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
  );
  try {
    await migrateAsOwner(database, config.migrationDatabaseUrl);
    const passwordHash = await hashPassword(args.password);
    const existing = await findUserByEmail(database.db, args.email);
    if (existing) {
      await updateUserRow(database.db, existing.id, { role: "admin", status: true, passwordHash });
      console.log(`${args.email} is now an admin (password updated).`);
    } else {
      await insertUser(database.db, {
        firstName: args["first-name"],
        lastName: args["last-name"],
        email: args.email,
        passwordHash,
        role: "admin",
      });
      console.log(`Admin ${args.email} created.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
