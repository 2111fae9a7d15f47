/** The emails that tell an account's owner its sign-in changed, each ending "not you?". */
import { mail } from "@shop/shared/messages";
import type { Database } from "#api/db/client";
import type { User } from "#api/db/schema/users";
import { type MailContext, queueEmail } from "#api/modules/email/service";

/** A change of the password (a change, or a reset), or two-step sign-in turned on or off. */
export type AccountNotice = "passwordChanged" | "twoFactorEnabled" | "twoFactorDisabled";

/** Queues the notice of `kind` to the account's owner, in the caller's transaction. */
export async function queueAccountNotice(
  db: Database,
  user: User,
  context: MailContext,
  kind: AccountNotice,
): Promise<void> {
  await queueEmail(db, context.shop, {
    kind,
    to: user.email,
    subject: mail[kind].subject,
    parts: { firstName: user.firstName, lines: [...mail[kind].lines, mail.notYou] },
  });
}
