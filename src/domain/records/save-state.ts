import type { TenantTx } from '../../db/with-tenant.js';
import type { PublishedEntity } from '../entities/entity.types.js';
import type { RecordView } from './record.types.js';
import type { PublishedEntityCache } from '../entities/published-entity.cache.js';
import type { EmbeddingsClient } from './embeddings.js';
import type { RelationCheck } from './record-schema.js';
import type { ValueInWrite, WriteCompanion } from './record.repository.js';

/** Everything one save works on. Steps read and replace `values`; `write` sets `saved`. */
export interface SaveState {
  readonly tx: TenantTx;
  readonly entity: PublishedEntity;
  /** `delete` only for the afterDelete hooks, which run once the record is gone. */
  readonly mode: 'create' | 'update' | 'delete';
  /** The stored record (update; delete: the deleted record), locked for this transaction. */
  readonly existing: RecordView | null;
  /** The values the client sent, untouched. */
  readonly input: Readonly<Record<string, unknown>>;
  /** The record's values as the pipeline builds them. */
  values: Record<string, unknown>;
  saved: RecordView | null;
  /** The hooks compiled for this entity's published version (SaveHookProvider). */
  readonly hooks: SaveHooks;
  /** What this save was given to work with; a hook that saves another record passes them on. */
  readonly deps: RecordDeps;
  /** Nothing follows the save in its transaction (the caller says so): the write may commit it. */
  readonly endsTransaction: boolean;
  /** Non-blocking findings of the save (business rule validations of severity warning or info); the answer carries them. */
  readonly warnings: SaveWarning[];
  /** Who saves (principal kind and id), for the rule runs log; a save another save causes keeps its caller. */
  readonly actor: SaveActor | null;
  /** Relation values schema validation left for the write statement to verify (see validateSchema). */
  relationGuard?: Array<RelationCheck & { entityId: string | null }>;
  /** Statements a `beforeWrite` hook adds to the write statement itself (record.repository.ts WriteCompanion). */
  alongWrite?: WriteCompanion[];
  /**
   * Number fields whose value the write statement reads itself (record.repository.ts ValueInWrite),
   * set by a compute hook only when the write ends the transaction (`writeEndsTransaction`) and on
   * the transaction's first attempt; `values` lacks them until the write answers.
   */
  valuesInWrite?: ValueInWrite[];
}

/** A finding of a save that does not stop it: `warnings: [{ ruleId, id, message, severity }]` beside `data`. */
export interface SaveWarning {
  readonly ruleId: string;
  readonly id: string;
  readonly message: string;
  readonly severity: 'warning' | 'info';
}

/** Who caused a save: the principal's kind and id. */
export interface SaveActor {
  readonly kind: string;
  readonly id: string;
}

/** A step a feature adds to a save (business rules do: transforms, computes, validations, actions). */
export type SaveHook = (state: SaveState) => Promise<void>;

/**
 * Where in the save sequence hooks run (docs/records.md "The save pipeline"); `beforeWrite` runs
 * last before the write and may add statements to it (`alongWrite`); `afterDelete` runs after a
 * record is deleted (`existing` is the deleted record), so derived values can follow.
 */
export const SAVE_HOOK_STEPS = [
  'transform',
  'compute',
  'transformComputed',
  'validateRules',
  'beforeWrite',
  'afterSave',
  'afterDelete',
] as const;
export type SaveHookStep = (typeof SAVE_HOOK_STEPS)[number];

/** The hooks of one save, by step, in the order they run. */
export type SaveHooks = Readonly<Record<SaveHookStep, readonly SaveHook[]>>;

export const NO_SAVE_HOOKS: SaveHooks = Object.freeze({
  transform: [],
  compute: [],
  transformComputed: [],
  validateRules: [],
  beforeWrite: [],
  afterSave: [],
  afterDelete: [],
});

/**
 * The hooks compiled for an entity's published version: a save of entity X runs exactly what its
 * provider answers for X's published version. The composition root passes the provider in; without
 * business rules it answers no hooks.
 */
export type SaveHookProvider = (tx: TenantTx, entity: PublishedEntity) => Promise<SaveHooks>;

export const noSaveHooks: SaveHookProvider = () => Promise.resolve(NO_SAVE_HOOKS);

/** Hooks of several providers, step by step in provider order. */
export function combineSaveHooks(providers: readonly SaveHookProvider[]): SaveHookProvider {
  if (providers.length === 0) return noSaveHooks;
  if (providers.length === 1) return providers[0]!;
  return async (tx, entity) => {
    const all = await Promise.all(providers.map((p) => p(tx, entity)));
    return Object.fromEntries(SAVE_HOOK_STEPS.map((step) => [step, all.flatMap((h) => h[step])])) as unknown as SaveHooks;
  };
}

/** What record work needs besides its transaction; the operations build it from the running service. */
export interface RecordDeps {
  /** Published entity definitions (exact cache). */
  readonly entities: PublishedEntityCache;
  /** The hooks of a save, compiled for the saved entity's published version. */
  readonly saveHooks: SaveHookProvider;
  /** Embeddings for semantic search, when configured. */
  readonly embeddings: EmbeddingsClient | null;
}
