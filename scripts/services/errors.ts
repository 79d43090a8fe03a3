/** A service (Postgres, Redis) cannot be had on this machine; callers print `SKIPPED: <message>`. */
export class ServiceUnavailableError extends Error {
  constructor(
    readonly service: string,
    reason: string,
  ) {
    super(`${service}: ${reason}`);
    this.name = 'ServiceUnavailableError';
  }
}

/** A service was found but did not start or answer; the message carries the end of its output. */
export class ServiceStartError extends Error {
  constructor(service: string, reason: string, output: string) {
    super(`${service} ${reason}. Last output:\n${output.split('\n').slice(-30).join('\n')}`);
    this.name = 'ServiceStartError';
  }
}
