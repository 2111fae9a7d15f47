/** npm run create-admin -- --email E --password P: makes a new admin or promotes an existing user. */
import { parseArgs } from "node:util";
import { Email, Password } from "@shop/shared/schemas/common";
import { z } from "zod";
import { parseConfig } from "../config";
import { migrate, openDatabase } from "../db/client";
import { hashPassword } from "../modules/auth/password";
import { findUserByEmail, insertUser, updateUser } from "../modules/users/repo";

const Args = z.object({
  email: Email,
  password: Password,
  "first-name": z.string().trim().min(1).max(50).default("Shop"),
  "last-name": z.string().trim().min(1).max(50).default("Admin"),
});

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
  });
  const parsed = Args.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join(".")}: ${issue.message}`);
    console.error("usage: npm run create-admin -- --email admin@shop.test --password 'S3cret!pass'");
    process.exit(2);
  }
  const args = parsed.data;
  const config = parseConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
  );
  try {
    await migrate(database);
    const passwordHash = await hashPassword(args.password);
    const existing = await findUserByEmail(database.db, args.email);
    if (existing) {
      await updateUser(database.db, existing.id, { role: "admin", status: true, passwordHash });
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
