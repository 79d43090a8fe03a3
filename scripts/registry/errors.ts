/** The local registry could not start, or a pack/publish step failed; the message names the step. */
export class RegistryError extends Error {
  constructor(
    readonly step: string,
    reason: string,
  ) {
    super(`local npm registry: ${step} failed: ${reason}`);
    this.name = 'RegistryError';
  }
}
