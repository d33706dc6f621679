/**
 * The `clientId` of a write a person may retry (an owner's card adjustment). The server stores one
 * write per `clientId`, so a retry of the same attempt (a double tap, "try again" after a lost
 * answer) must send the same id, while a different request or the next one after success must get a
 * fresh id. (features/sales' RefundAttempt is the same rule for refunds; it predates this one.)
 */
export class AttemptId {
  private current: { key: string; id: string } | null = null;

  constructor(private readonly newId: () => string = () => crypto.randomUUID()) {}

  /** The id for the request described by `key` (the request without its id). */
  idFor(key: string): string {
    if (this.current?.key !== key) this.current = { key, id: this.newId() };
    return this.current.id;
  }

  /** The write was stored: whatever comes next is a new attempt. */
  finish(): void {
    this.current = null;
  }
}
