import {
  ErrorCode,
  paymentMethodLabel,
  tenderMethodOf,
  type PaymentMethod,
  type PaymentMethodLabel,
  type TenderMethod,
} from '@shopdesk/shared';
import type { ShopTendersTable } from '../../db/types.ts';
import { AppError } from '../../core/errors.ts';
import type { StoreMethods } from '../payment-methods/index.ts';

/**
 * Which of the store's payment methods each tender of a sale or refund was paid with.
 * A tender naming a `methodId` takes that method, also one disabled or taken off the list since a
 * device cached it (an offline sale keeps the method it was paid with); its `method` must be that
 * method's kind as the settlement knows it. A tender without one (an older client) takes the
 * store's first method of its `method`'s kind, else the fixed method of that name.
 */
export interface NamedTender {
  label: PaymentMethodLabel;
  reference: string | null;
}

interface TenderNaming {
  method: TenderMethod;
  methodId?: string | undefined;
  reference?: string | undefined;
}

function labelOf(m: PaymentMethod): PaymentMethodLabel {
  return { methodId: m.id, name: m.name, defaultName: m.defaultName, kind: m.kind };
}

/** Each tender's method and reference, in order; a 400 naming `{field}.{i}` for an unknown or mismatched method. */
export function nameTenders(tenders: readonly TenderNaming[], methods: StoreMethods, field: string): NamedTender[] {
  return tenders.map((t, i) => {
    const reference = t.reference ?? null;
    if (t.methodId === undefined) {
      const ofKind = (m: PaymentMethod) => tenderMethodOf(m.kind) === t.method;
      const found = methods.list.find((m) => m.enabled && ofKind(m)) ?? methods.list.find(ofKind);
      return { label: found ? labelOf(found) : paymentMethodLabel(t.method, []), reference };
    }
    const method = methods.all.find((m) => m.id === t.methodId);
    if (!method) {
      const message = 'This store has no such payment method.';
      throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: `${field}.${i}.methodId`, message }]);
    }
    const kind = tenderMethodOf(method.kind);
    if (kind !== t.method) {
      const message = `This payment method is paid as ${kind}: send method ${kind} with it.`;
      throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: `${field}.${i}.method`, message }]);
    }
    return { label: labelOf(method), reference };
  });
}

/** A tender row's named-method columns (every row carries all of them: one SQL shape, one jsonb shape). */
export function namedTenderColumns(
  named: NamedTender | undefined,
  method: string,
): Pick<ShopTendersTable, 'payment_method_id' | 'method_name' | 'method_default_name' | 'method_kind' | 'reference'> {
  const { label, reference } = named ?? { label: paymentMethodLabel(method, []), reference: null };
  return {
    payment_method_id: label.methodId,
    method_name: label.name,
    method_default_name: label.defaultName,
    method_kind: label.kind,
    reference,
  };
}
