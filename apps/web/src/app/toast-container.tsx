import { Notifications } from '@mantine/notifications';

/**
 * Mantine's toast container: top-center, 5000 ms (original.md §9), below the header and clear of
 * dialogs' close buttons (the `app-toasts` rules in app.css). Loaded by toasts.tsx on the first
 * toast, so no screen's first load carries it.
 */
export default function ToastContainer() {
  return <Notifications position="top-center" autoClose={5000} zIndex={1000} classNames={{ root: 'app-toasts' }} />;
}
