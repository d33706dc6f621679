import { useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import type { MonoBitmap } from '../cat-printer/protocol.ts';
import { paintBitmap } from './render-label.ts';

/** The exact printed bitmap, one canvas pixel per printer dot, shown on a white "paper" strip. */
export function LabelPreview({ bitmap, label }: { bitmap: MonoBitmap; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    paintBitmap(canvas.current, bitmap, 1);
    // Fit narrow phones; pixelated scaling keeps the bars crisp on screen.
    canvas.current.style.maxWidth = '100%';
    canvas.current.style.height = 'auto';
  }, [bitmap]);
  return (
    <Box
      p="sm"
      style={{
        background: '#fff',
        borderRadius: 'var(--mantine-radius-md)',
        boxShadow: 'var(--mantine-shadow-sm)',
        border: '1px solid var(--mantine-color-default-border)',
        display: 'flex',
        justifyContent: 'center',
      }}
    >
      <canvas ref={canvas} role="img" aria-label={label} data-testid="label-preview" />
    </Box>
  );
}
