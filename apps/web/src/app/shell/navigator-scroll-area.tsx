import type { ReactNode } from 'react';
import { ScrollArea } from '@mantine/core';

/** The navigator's scroll area: its thumb shows while scrolling only. Loaded by navigator.tsx. */
export default function NavigatorScrollArea({ children }: { children: ReactNode }) {
  return (
    <ScrollArea h="100%" type="scroll">
      {children}
    </ScrollArea>
  );
}
