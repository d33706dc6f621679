/**
 * The `clientId` of a refund attempt. The server stores one refund per `clientId`, so a retry of
 * the same attempt (a double tap, a lost answer, "try again" after a network error) must send the
 * same id, while a different refund (other lines or quantities) or the next one after success
 * must get a fresh id.
 */
export class RefundAttempt {
  private current: { key: string; id: string } | null = null;

  constructor(private readonly newId: () => string = () => crypto.randomUUID()) {}

  /** The id for the refund described by `key` (the request without its id). */
  idFor(key: string): string {
    if (this.current?.key !== key) this.current = { key, id: this.newId() };
    return this.current.id;
  }

  /** The refund was stored: whatever comes next is a new attempt. */
  finish(): void {
    this.current = null;
  }
}
