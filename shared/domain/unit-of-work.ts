/**
 * Writes a use case stages instead of sending: the HTTP pipeline commits them after the handler
 * returns, in one transaction together with the idempotency record, so a create costs one round trip
 * and can never be half-written. The shape of a write belongs to the repositories (shared/db).
 */
export interface StagedWrite {
  /** For logs and tests: which entity and change. */
  readonly description: string;
}

export interface UnitOfWork {
  stage(...writes: StagedWrite[]): void;
}
