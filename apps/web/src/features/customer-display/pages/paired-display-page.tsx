import { useParams } from '../../../lib/router/index.ts';
import { DisplayScreen } from '../components/display-screen.tsx';
import { usePairedDisplay } from '../lib/use-display-source.ts';

/** /display/{token}: a paired device (a tablet or phone that scanned the counter's QR), no login. */
export default function PairedDisplayPage() {
  const { token = '' } = useParams();
  const view = usePairedDisplay(token);
  return <DisplayScreen view={view} mailToken={token} />;
}
