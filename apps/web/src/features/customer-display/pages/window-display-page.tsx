import { useParams } from '../../../lib/router/index.ts';
import { DisplayScreen } from '../components/display-screen.tsx';
import { useWindowDisplay } from '../lib/use-display-source.ts';

/** /display-window/{store}: the counter's second window on the same device, fed over a BroadcastChannel. */
export default function WindowDisplayPage() {
  const { store = '' } = useParams();
  const view = useWindowDisplay(store);
  return <DisplayScreen view={view} />;
}
