import { cloneElement, useState, type PointerEvent, type ReactElement } from 'react';
import type { TooltipProps } from '@mantine/core';
import { preloadable } from '../lib/preloadable.ts';
import { usePreloaded } from '../lib/use-preloaded.ts';

const loadTooltip = preloadable(() => import('./tooltip.ts').then((m) => m.Tooltip));

type ChildProps = { onPointerEnter?: (e: PointerEvent) => void; onPointerLeave?: (e: PointerEvent) => void };

/**
 * Mantine's Tooltip (hover only, its default), loaded when a mouse first enters its element:
 * Tooltip and floating-ui stay out of the first load of the screens that use it. The tooltip
 * opens as soon as it is here if the mouse is still on the element, and from then on works as
 * Tooltip does.
 */
export function LazyTooltip({ children, ...props }: TooltipProps & { children: ReactElement<ChildProps> }) {
  const tooltip = usePreloaded(loadTooltip);
  const [hovered, setHovered] = useState(false);
  const Tooltip = tooltip.value;
  if (Tooltip)
    return (
      <Tooltip defaultOpened={hovered} {...props}>
        {children}
      </Tooltip>
    );
  return cloneElement(children, {
    onPointerEnter: (e: PointerEvent) => {
      children.props.onPointerEnter?.(e);
      if (e.pointerType !== 'mouse') return;
      setHovered(true);
      tooltip.whenLoaded();
    },
    onPointerLeave: (e: PointerEvent) => {
      children.props.onPointerLeave?.(e);
      setHovered(false);
    },
  });
}
