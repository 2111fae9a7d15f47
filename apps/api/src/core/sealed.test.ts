import { describe, expect, it } from "vitest";
import {
  DEVELOPMENT_KEY,
  isSealed,
  isSealedWithCurrent,
  keyIdOf,
  keyringOf,
  keyringOfConfig,
  open,
  SealedValueError,
  seal,
} from "./sealed";

const oldKey = Buffer.alloc(32, 1);
const newKey = Buffer.alloc(32, 2);

describe("sealed secrets", () => {
  it("seals a value that is not in the text, opens it again, and names its key", () => {
    const keyring = keyringOf(oldKey);
    const sealed = seal(keyring, "JBSWY3DPEHPK3PXP");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(sealed).toMatch(new RegExp(`^v1:${keyIdOf(oldKey)}:[\\w-]{16}:[\\w-]+:[\\w-]{22}$`));
    expect(isSealed(sealed)).toBe(true);
    expect(open(keyring, sealed)).toBe("JBSWY3DPEHPK3PXP");
    // A fresh IV each time: the same secret never reads the same twice.
    expect(seal(keyring, "JBSWY3DPEHPK3PXP")).not.toBe(sealed);
  });

  it("opens a value of a previous key while sealing with the current one", () => {
    const sealedOld = seal(keyringOf(oldKey), "whsec_abc");
    const rotating = keyringOf(newKey, [oldKey]);
    expect(open(rotating, sealedOld)).toBe("whsec_abc");
    expect(isSealedWithCurrent(rotating, sealedOld)).toBe(false);
    expect(isSealedWithCurrent(rotating, seal(rotating, "whsec_abc"))).toBe(true);
  });

  it("refuses a value of a key it does not hold, naming the key", () => {
    const sealedOld = seal(keyringOf(oldKey), "whsec_abc");
    expect(() => open(keyringOf(newKey), sealedOld)).toThrow(SealedValueError);
    expect(() => open(keyringOf(newKey), sealedOld)).toThrow(
      new RegExp(
        `sealed with key ${keyIdOf(oldKey)}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS`,
      ),
    );
  });

  it("refuses a value whose ciphertext, IV or tag was changed (GCM's tag)", () => {
    const keyring = keyringOf(oldKey);
    const parts = seal(keyring, "whsec_abcdefgh").split(":");
    for (const index of [2, 3, 4]) {
      const changed = [...parts];
      const bytes = Buffer.from(changed[index] ?? "", "base64url");
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      changed[index] = bytes.toString("base64url");
      expect(() => open(keyring, changed.join(":")), `part ${index}`).toThrow(
        /does not open: it was changed/,
      );
    }
    expect(() => open(keyring, `${parts.slice(0, 3).join(":")}`)).toThrow(/malformed/);
  });

  it("answers a value written before sealing as it is, for secrets:reseal to seal", () => {
    expect(isSealed("JBSWY3DPEHPK3PXP")).toBe(false);
    expect(open(keyringOf(oldKey), "JBSWY3DPEHPK3PXP")).toBe("JBSWY3DPEHPK3PXP");
  });

  it("seals with the development key when the configuration has none, and refuses keys of the wrong size", () => {
    expect(keyringOfConfig({ previous: [] }).current.id).toBe(keyIdOf(DEVELOPMENT_KEY));
    expect(keyringOfConfig({ current: newKey, previous: [oldKey] }).byId.size).toBe(2);
    expect(() => keyringOf(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});
