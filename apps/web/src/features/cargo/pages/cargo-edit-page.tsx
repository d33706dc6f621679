import { Alert, Anchor, Box, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from '../../../lib/router/index.ts';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { useCreateCargo } from '../api/create-cargo.ts';
import { useCargo } from '../api/get-cargo.ts';
import { useContents } from '../api/get-contents.ts';
import { useCargoAllowance } from '../api/subscription-status.ts';
import { CargoForm } from '../components/cargo-form.tsx';
import { CargoError, CargoNotFound, isCargoCode, LimitReached } from '../components/limit-notice.tsx';
import { ContentsEditor } from '../components/contents-editor.tsx';
import { IconBack, IconEdit } from '../../../components/icons.tsx';
import { DetailsModal } from '../components/details-modal.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useOnline } from '../../../lib/connectivity.ts';
import { paths } from '../../../lib/paths.ts';

/** A new cargo: its name, origin and note; then its contents are added on the same screen. */
function NewCargo({ store }: { store: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCargo(store);
  const allowance = useCargoAllowance();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560}>
      <CargoForm
        submitLabel={t('cargo.new.submit')}
        pending={create.isPending}
        disabled={allowance.atLimit}
        footer={
          allowance.atLimit ? (
            <LimitReached store={store} />
          ) : create.error ? (
            <CargoError store={store} error={create.error} />
          ) : allowance.left !== null ? (
            <Text fz="sm" c="dimmed">
              {t('cargo.limit.left', { count: allowance.left })}
            </Text>
          ) : null
        }
        onSubmit={(fields) =>
          create.mutate(
            { ...fields, contents: [] },
            { onSuccess: (cargo) => navigate(paths.cargoNew(store, cargo.code), { replace: true }) },
          )
        }
      />
    </Paper>
  );
}

/**
 * /{store}/cargo/manage/new/{cargoCode?}: without a code, a new cargo's details; with one
 * (edit=true), its contents: scanned in with a wedge scanner or the camera, or typed, and counted
 * with − and +, saved as they change when the session's cargoAutoSave is on.
 */
export default function CargoEditPage() {
  const { t } = useTranslation();
  const { store = '', cargoCode } = useParams();
  const code = cargoCode?.toUpperCase();
  const valid = code === undefined || isCargoCode(code);
  const cargo = useCargo(store, valid ? code : undefined);
  const contents = useContents(store, valid ? code : undefined);
  const [editing, setEditing] = useState(false);
  const online = useOnline();
  const editable = cargo.data?.status === 'NOT_ARRIVED' && cargo.data.transferredFrom === null;

  let body;
  if (!code) body = <NewCargo store={store} />;
  else if (!valid) body = <CargoNotFound store={store} />;
  else if (cargo.isPending || contents.isPending) {
    body =
      cargo.fetchStatus === 'paused' ? (
        <Alert color="gray" role="status">
          {t('cargo.offlineNotLoaded')}
        </Alert>
      ) : (
        <Skeleton h={360} radius="lg" />
      );
  } else if (cargo.isError) body = <CargoError store={store} error={cargo.error} />;
  else if (contents.isError)
    body = (
      <Alert color="red" role="alert">
        {describeError(t, contents.error)}
      </Alert>
    );
  else if (cargo.data.status !== 'NOT_ARRIVED' || cargo.data.transferredFrom !== null) {
    body = (
      <Alert color="blue" role="status" title={t('cargo.edit.lockedTitle')}>
        <Stack gap="xs">
          <Text fz="sm">
            {cargo.data.transferredFrom !== null && cargo.data.status === 'NOT_ARRIVED'
              ? t('cargo.edit.receivedText')
              : t('cargo.edit.lockedText')}
          </Text>
          <Anchor component={Link} to={paths.cargoDetail(store, cargo.data.code)} fw={600}>
            {t('cargo.edit.openDetail')}
          </Anchor>
        </Stack>
      </Alert>
    );
  } else body = <ContentsEditor store={store} cargo={cargo.data} contents={contents.data} />;

  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Box>
          <Button
            component={Link}
            to={code ? paths.cargoDetail(store, code) : paths.cargoList(store)}
            variant="subtle"
            leftSection={<IconBack size={18} />}
            px={4}
            mb={4}
          >
            {code ? t('cargo.edit.back') : t('cargo.list.title')}
          </Button>
          <Group justify="space-between" align="flex-end" gap="xs">
            <div>
              <Title order={1} fz={24}>
                {code ? (cargo.data?.name ?? t('cargo.edit.title')) : t('cargo.new.title')}
              </Title>
              <Text c="dimmed" mt={4}>
                {code ? t('cargo.edit.hint') : t('cargo.new.hint')}
              </Text>
            </div>
            {editable && cargo.data && (
              <Button
                variant="default"
                leftSection={<IconEdit size={18} />}
                onClick={() => setEditing(true)}
                disabled={!online}
              >
                {t('cargo.edit.details')}
              </Button>
            )}
          </Group>
        </Box>
        {body}
      </Stack>
      {cargo.data && (
        <DetailsModal store={store} cargo={cargo.data} opened={editing} onClose={() => setEditing(false)} />
      )}
    </Container>
  );
}
