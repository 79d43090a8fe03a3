import { normaliseStatus, statusFitOf } from '../../../shared/src/events/statusFit';

/** Whether a record in `status` fits `event` (letter case and spaces ignored), as verification judges it. */
export function statusFits(event: string, status: string): boolean {
  const fit = statusFitOf(event);
  return fit !== undefined && fit.fits.includes(normaliseStatus(status));
}
