import { useParams } from '../../../lib/router/index.ts';
import { DisplayScreen } from '../components/display-screen.tsx';
import { usePairedDisplay, useWindowDisplay } from '../lib/use-display-source.ts';

function Paired({ token }: { token: string }) {
  return <DisplayScreen view={usePairedDisplay(token)} mailToken={token} />;
}

function SecondWindow({ store }: { store: string }) {
  return <DisplayScreen view={useWindowDisplay(store)} />;
}

/**
 * Both display routes, one page (one lazy chunk, one entry in the app's first load):
 * /display/{token} is a paired device (a tablet or phone that scanned the counter's QR, no login);
 * /display-window/{store} the counter's second window on the same device, fed over a BroadcastChannel.
 */
export default function DisplayPage() {
  const { token, store } = useParams();
  return token !== undefined ? <Paired token={token} /> : <SecondWindow store={store ?? ''} />;
}
