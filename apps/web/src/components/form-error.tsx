import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlert } from './icons.tsx';

/** A form-level error, announced to screen readers (role="alert"). */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlert size={20} />} role="alert">
      {children}
    </Alert>
  );
}
