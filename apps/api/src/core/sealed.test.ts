import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  DEVELOPMENT_KEY,
  isSealed,
  isSealedWithCurrent,
  keyIdOf,
  keyringOf,
  keyringOfConfig,
  open,
  openUnbound,
  SealedValueError,
  seal,
} from "./sealed";

const oldKey = Buffer.alloc(32, 1);
const newKey = Buffer.alloc(32, 2);
const ROW = "totp:users:0123456789abcdef01234567";
const OTHER_ROW = "totp:users:76543210fedcba9876543210";

/** A value sealed as the shop sealed them before values were bound to their row (no associated data). */
function sealedUnbound(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    "v1",
    keyIdOf(key),
    ...[iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString("base64url")),
  ].join(":");
}

describe("sealed secrets", () => {
  it("seals a value that is not in the text, opens it again for its row, and names its key", () => {
    const keyring = keyringOf(oldKey);
    const sealed = seal(keyring, "JBSWY3DPEHPK3PXP", ROW);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(sealed).toMatch(new RegExp(`^v2:${keyIdOf(oldKey)}:[\\w-]{16}:[\\w-]+:[\\w-]{22}$`));
    expect(isSealed(sealed)).toBe(true);
    expect(open(keyring, sealed, ROW)).toBe("JBSWY3DPEHPK3PXP");
    // A fresh IV each time: the same secret never reads the same twice.
    expect(seal(keyring, "JBSWY3DPEHPK3PXP", ROW)).not.toBe(sealed);
  });

  it("does not open a value moved to another row or purpose", () => {
    const keyring = keyringOf(oldKey);
    const sealed = seal(keyring, "JBSWY3DPEHPK3PXP", ROW);
    expect(() => open(keyring, sealed, OTHER_ROW)).toThrow(SealedValueError);
    expect(() => open(keyring, sealed, OTHER_ROW)).toThrow(/sealed for another row than totp:users:7654/);
    expect(() => open(keyring, sealed, "webhook:0123456789abcdef01234567")).toThrow(SealedValueError);
  });

  it("opens a value of a previous key while sealing with the current one", () => {
    const sealedOld = seal(keyringOf(oldKey), "whsec_abc", ROW);
    const rotating = keyringOf(newKey, [oldKey]);
    expect(open(rotating, sealedOld, ROW)).toBe("whsec_abc");
    expect(isSealedWithCurrent(rotating, sealedOld)).toBe(false);
    expect(isSealedWithCurrent(rotating, seal(rotating, "whsec_abc", ROW))).toBe(true);
  });

  it("refuses a value of a key it does not hold, naming the key", () => {
    const sealedOld = seal(keyringOf(oldKey), "whsec_abc", ROW);
    expect(() => open(keyringOf(newKey), sealedOld, ROW)).toThrow(SealedValueError);
    expect(() => open(keyringOf(newKey), sealedOld, ROW)).toThrow(
      new RegExp(
        `sealed with key ${keyIdOf(oldKey)}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS`,
      ),
    );
  });

  it("refuses a value whose ciphertext, IV or tag was changed (GCM's tag)", () => {
    const keyring = keyringOf(oldKey);
    const parts = seal(keyring, "whsec_abcdefgh", ROW).split(":");
    for (const index of [2, 3, 4]) {
      const changed = [...parts];
      const bytes = Buffer.from(changed[index] ?? "", "base64url");
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      changed[index] = bytes.toString("base64url");
      expect(() => open(keyring, changed.join(":"), ROW), `part ${index}`).toThrow(
        /does not open: it was changed/,
      );
    }
    expect(() => open(keyring, `${parts.slice(0, 3).join(":")}`, ROW)).toThrow(/malformed/);
  });

  it("refuses a value that was never sealed, and one sealed before values were bound to their row", () => {
    const keyring = keyringOf(oldKey);
    expect(isSealed("JBSWY3DPEHPK3PXP")).toBe(false);
    expect(() => open(keyring, "JBSWY3DPEHPK3PXP", ROW)).toThrow(SealedValueError);
    expect(() => open(keyring, "JBSWY3DPEHPK3PXP", ROW)).toThrow(/is not sealed bound to it/);
    const unbound = sealedUnbound(oldKey, "JBSWY3DPEHPK3PXP");
    expect(isSealed(unbound)).toBe(false);
    expect(() => open(keyring, unbound, ROW)).toThrow(/is not sealed bound to it/);
    // Only for sealing them again (secrets/reseal.ts): both open there, and a bound value does not.
    expect(openUnbound(keyring, unbound)).toBe("JBSWY3DPEHPK3PXP");
    expect(openUnbound(keyring, "JBSWY3DPEHPK3PXP")).toBe("JBSWY3DPEHPK3PXP");
    expect(() => openUnbound(keyringOf(newKey), unbound)).toThrow(new RegExp(`key ${keyIdOf(oldKey)}`));
    expect(() => openUnbound(keyring, seal(keyring, "x", ROW))).toThrow(SealedValueError);
  });

  it("seals with the development key when the configuration has none, and refuses keys of the wrong size", () => {
    expect(keyringOfConfig({ previous: [] }).current.id).toBe(keyIdOf(DEVELOPMENT_KEY));
    expect(keyringOfConfig({ current: newKey, previous: [oldKey] }).byId.size).toBe(2);
    expect(() => keyringOf(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});
