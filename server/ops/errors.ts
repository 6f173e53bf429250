/** Failures of a backup or a restore that are one readable line: printed as they are, with exit code 1. */
export class OpsError extends Error {}

/** A refused archive: what is wrong with it, in one line. */
export const damaged = (reason: string) => new OpsError(`Backup archive is damaged: ${reason}`);

/** "1,234,567": digits grouped for the operator's summary line (plain text, no locale). */
export const grouped = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** "12.3 MB" */
export function megabytes(bytes: number): string {
  const mb = bytes / 1_000_000;
  return `${mb < 10 ? mb.toFixed(1) : grouped(mb)} MB`;
}
