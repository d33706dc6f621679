import { useEffect, useRef, useState } from 'react';
import { Box, Center, Image } from '@mantine/core';
import { IconImage } from '../../../components/icons.tsx';
import { useImageUrl } from '../api/get-image.ts';

interface Props {
  store: string;
  imageId: string | null;
  alt: string;
  /** Fetch only once the picture scrolls near the screen (grids of many products). */
  lazy?: boolean;
  radius?: string;
}

/** A product photo fetched with the session token, or a neutral placeholder when there is none. */
export function ProductImage({ store, imageId, alt, lazy = false, radius = 'md' }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(!lazy);
  useEffect(() => {
    if (visible || !box.current) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '200px' },
    );
    io.observe(box.current);
    return () => io.disconnect();
  }, [visible]);
  const { url } = useImageUrl(store, imageId, visible);
  return (
    <Box
      ref={box}
      style={{ aspectRatio: '1 / 1', borderRadius: `var(--mantine-radius-${radius})`, overflow: 'hidden' }}
      bg="var(--mantine-color-default-hover)"
    >
      {url ? (
        <Image src={url} alt={alt} h="100%" w="100%" fit="cover" />
      ) : (
        <Center h="100%" c="dimmed" aria-hidden="true">
          <IconImage size={36} />
        </Center>
      )}
    </Box>
  );
}
