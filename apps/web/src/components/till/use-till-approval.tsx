import { useState, type ReactNode } from 'react';
import type { ActionNeeds, Approval } from '@shopdesk/shared';
import { tillMemberLacks } from '../../lib/till/till-state.ts';
import { ApprovalDialog } from './approval-dialog.tsx';

interface Asking {
  needs: ActionNeeds;
  clientId: string;
  run: (approval: Approval) => void;
}

/**
 * An action that, on a till whose member lacks what it needs, first asks an approver's PIN
 * (product.md §2, manager approval). `withApproval` runs it at once otherwise; `clientId` is the
 * action's own, or for an action without one (a shift opened or closed) a UUID made for the
 * approval. Render `dialog` beside the form (not inside it: the dialog's submit would bubble).
 */
export function useTillApproval(store: string): {
  withApproval: (needs: ActionNeeds, run: (approval?: Approval) => void, clientId?: string) => void;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<Asking | null>(null);
  const withApproval = (needs: ActionNeeds, run: (approval?: Approval) => void, clientId?: string) => {
    if (tillMemberLacks(store, needs).length === 0) return run();
    setAsking({ needs, clientId: clientId ?? crypto.randomUUID(), run });
  };
  const dialog = (
    <ApprovalDialog
      store={store}
      needs={asking?.needs ?? null}
      clientId={asking?.clientId ?? ''}
      onClose={() => setAsking(null)}
      onApproved={(approval) => {
        setAsking(null);
        asking?.run(approval);
      }}
    />
  );
  return { withApproval, dialog };
}
