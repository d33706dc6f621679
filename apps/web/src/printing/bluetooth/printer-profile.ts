/**
 * How one kind of printer is found and spoken to, whichever Bluetooth stack carries the bytes:
 * the services it may offer, each with the characteristic print data goes to (and, for printers
 * with flow control, the one their notifications come from), and the names printers that
 * advertise no service go by.
 */
export interface PrinterProfile {
  services: ReadonlyArray<{ service: string; write: string; notify?: string }>;
  namePrefixes: readonly string[];
  /** Use any writable characteristic of a known service when the listed one is missing (some firmware moves it). */
  anyWritable: boolean;
  /** The error for a connected device that offers none of the services. */
  notSupported: () => Error;
}

interface DiscoveredService {
  uuid: string;
  characteristics: ReadonlyArray<{
    uuid: string;
    properties: { write: boolean; writeWithoutResponse: boolean; notify: boolean };
  }>;
}

/** Where to write (and listen) on a connected printer, from the services it reported. */
export interface PrinterEndpoints {
  service: string;
  write: string;
  /** Writes without response are faster; the paced writer's pause keeps a small buffer fed. */
  withoutResponse: boolean;
  notify?: string;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The first service of the profile the printer offers, with its characteristics; null if none. */
export function pickEndpoints(
  profile: PrinterProfile,
  services: readonly DiscoveredService[],
): PrinterEndpoints | null {
  for (const known of profile.services) {
    const service = services.find((s) => same(s.uuid, known.service));
    if (!service) continue;
    const writable = service.characteristics.filter((c) => c.properties.write || c.properties.writeWithoutResponse);
    const write = writable.find((c) => same(c.uuid, known.write)) ?? (profile.anyWritable ? writable[0] : undefined);
    if (!write) continue;
    const notify = known.notify
      ? service.characteristics.find((c) => same(c.uuid, known.notify!) && c.properties.notify)
      : undefined;
    return {
      service: service.uuid,
      write: write.uuid,
      withoutResponse: write.properties.writeWithoutResponse,
      notify: notify?.uuid,
    };
  }
  return null;
}
