import type { ReactNode } from 'react';
import { Alert, Badge, Group, Text, Title } from '@mantine/core';
import { IconBluetooth } from '../components/icons.tsx';

/**
 * The head of a Bluetooth printer's settings: its name and what it prints, a badge once one is
 * paired, why pairing is off where the browser has no Web Bluetooth, and the paired printer's name.
 * Shared by the label printer and the receipt printer sections, so both read alike.
 */
export function PrinterStatus({
  icon,
  title,
  text,
  available,
  pairedName,
  labels,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  /** Web Bluetooth exists here. */
  available: boolean;
  /** The paired printer's name, or null when none is paired. */
  pairedName: string | null;
  labels: { paired: string; noBluetoothTitle: string; noBluetooth: string; current: string };
}) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {icon}
          <div>
            <Title order={2} fz={18}>
              {title}
            </Title>
            <Text fz="sm" c="dimmed">
              {text}
            </Text>
          </div>
        </Group>
        {pairedName !== null && (
          <Badge color="teal" variant="light" tt="none" style={{ flexShrink: 0 }}>
            {labels.paired}
          </Badge>
        )}
      </Group>
      {!available && (
        <Alert color="gray" variant="light" icon={<IconBluetooth size={20} />} title={labels.noBluetoothTitle}>
          {labels.noBluetooth}
        </Alert>
      )}
      {pairedName !== null && (
        <Text>
          {labels.current}:{' '}
          <Text span fw={700}>
            {pairedName}
          </Text>
        </Text>
      )}
    </>
  );
}
