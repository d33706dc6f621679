import type { NotificationData, notifications as MantineNotifications } from '@mantine/notifications';

/** What is used of the lazily loaded module. */
interface Toasts {
  notifications: typeof MantineNotifications;
}

let loaded: Toasts | null = null;
let loading: Promise<Toasts> | null = null;
let wanted = false;
const listeners = new Set<() => void>();
let sequence = 0;

/** Loads Mantine's notifications (store, container, transitions) once; a failed load is retried. */
function load(): Promise<Toasts> {
  return (loading ??= import('@mantine/notifications').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/** Runs `act` on Mantine's notifications now if loaded, else once they are (calls keep their order). */
function withToasts(act: (m: Toasts) => void): void {
  if (loaded) return act(loaded);
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  load().then(act, (error: unknown) => console.error('Could not load the toasts', error));
}

/**
 * Toasts, as Mantine's `notifications` (same data), without Mantine's notifications in any first
 * load: the first call loads them, and calls made meanwhile show once they are here, in order. The
 * service worker precaches the chunk, so offline the first toast shows too. app/toasts.tsx mounts
 * the container once a toast was asked for.
 */
export const notifications = {
  show(data: NotificationData): string {
    const id = data.id ?? `toast-${++sequence}`;
    withToasts((m) => m.notifications.show({ ...data, id }));
    return id;
  },
  hide(id: string): void {
    withToasts((m) => m.notifications.hide(id));
  },
  clean(): void {
    if (loaded) loaded.notifications.clean();
  },
};

/** For app/toasts.tsx: whether a toast was ever asked for, and a way to hear when one first is. */
export const toastsWanted = {
  get: () => wanted,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
