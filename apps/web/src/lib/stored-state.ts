/**
 * Local storage as the persisted stores read it (cart, recently viewed, session snapshot): every
 * stored value is parsed with its zod schema before a store takes it, and dropped when it does not
 * match (another version of the app, an extension, a hand edit), so that no page ever renders
 * malformed data. A list keeps the entries that match.
 *
 * NOTE: zod is not in the entry chunk (docs/decisions/008): the schemas (stored-state-schemas.ts)
 * are loaded before the stores are hydrated, and only when local storage holds something to check
 * (lib/hydrate-stores.ts); a first visit loads nothing more.
 */
import type { PersistStorage } from "zustand/middleware";

type Schemas = typeof import("./stored-state-schemas");

let schemas: Schemas | null = null;
let loading: Promise<Schemas> | null = null;

/** Loads the schemas once (tried again on the next call if the chunk could not be fetched). */
export function loadStoredStateSchemas(): Promise<Schemas> {
  loading ??= import("./stored-state-schemas").then(
    (module) => {
      schemas = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The raw stored string, or null (nothing stored, or storage refused: private mode, disabled). */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A store's local storage: `check` takes the stored state and returns what of it is valid, or null
 * to drop it all. Until the schemas are loaded nothing is read (the store keeps its empty state).
 */
export function checkedStorage<S>(check: (schemas: Schemas, state: unknown) => S | null): PersistStorage<S> {
  return {
    getItem: (name) => {
      const raw = readStored(name);
      if (raw === null || schemas === null) return null;
      let stored: unknown;
      try {
        stored = JSON.parse(raw);
      } catch {
        return null;
      }
      if (!isRecord(stored) || typeof stored.version !== "number") return null;
      const state = check(schemas, stored.state);
      return state === null ? null : { state, version: stored.version };
    },
    setItem: (name, value) => localStorage.setItem(name, JSON.stringify(value)),
    removeItem: (name) => localStorage.removeItem(name),
  };
}
