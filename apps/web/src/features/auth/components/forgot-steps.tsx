import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from 'react-i18next';
import { emailSchema, passwordSchema } from '@shopdesk/shared';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { apiFieldErrors, describeError } from '../../../lib/describe-error.ts';
import { fieldError } from '../../../lib/form-errors.ts';
import { PasswordStrength } from '../../../components/password-strength.tsx';
import { useRequestResetCode } from '../api/request-reset-code.ts';
import { useVerifyResetCode } from '../api/verify-reset-code.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { FormError } from '../../../components/form-error.tsx';
import { paths } from '../../../app/paths.ts';

export function ForgotEmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const request = useRequestResetCode();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(fieldError(t, emailSchema, email));
    setError(undefined);
    request.mutate(parsed.data, { onSuccess: () => onSent(parsed.data) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {request.isError && <FormError>{describeError(t, request.error)}</FormError>}
        <TextInput
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
          required
        />
        <Button type="submit" size="lg" fullWidth loading={request.isPending}>
          {t('forgot.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}

interface CodeProps {
  email: string;
  onVerified: (resetToken: string) => void;
  onRestart: () => void;
}

export function ForgotCodeStep({ email, onVerified, onRestart }: CodeProps) {
  const { t } = useTranslation();
  const verify = useVerifyResetCode();
  const request = useRequestResetCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const locked = verify.error instanceof ApiRequestError && verify.error.code === 'CODE_LOCKED';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(t('validation.codeDigits'));
    setError(undefined);
    verify.mutate(
      { email, code },
      {
        onSuccess: ({ resetToken }) => onVerified(resetToken),
        onError: (err) => setError(apiFieldErrors(t, err).code),
      },
    );
  };

  const resendCode = () =>
    request.mutate(email, {
      onSuccess: () => {
        verify.reset();
        setCode('');
        notifications.show({ color: 'teal', message: t('forgot.codeResent') });
      },
      onError: (err) => notifications.show({ color: 'red', message: describeError(t, err) }),
    });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {verify.isError && !error && (
          <FormError>{locked ? t('forgot.locked') : describeError(t, verify.error)}</FormError>
        )}
        <TextInput
          label={t('fields.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={error}
          styles={{
            input: { letterSpacing: '0.4em', fontSize: 22, textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
          }}
          required
        />
        <Button type="submit" size="lg" fullWidth loading={verify.isPending} disabled={locked}>
          {t('forgot.verify')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" size="sm" onClick={resendCode} loading={request.isPending}>
            {t('forgot.resendCode')}
          </Button>
          <Button variant="subtle" size="sm" color="gray" onClick={onRestart}>
            {t('forgot.changeEmail')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ForgotPasswordStep({ resetToken, onExpired }: { resetToken: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      password: fieldError(t, passwordSchema, password),
      confirm: password === confirm ? undefined : t('validation.mismatch'),
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    reset.mutate(
      { resetToken, password },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('forgot.done') });
          navigate(paths.auth(), { replace: true });
        },
        onError: (err) => {
          if (err instanceof ApiRequestError && err.code === 'INVALID_TOKEN') {
            notifications.show({ color: 'red', message: describeError(t, err) });
            onExpired();
          } else setErrors(apiFieldErrors(t, err));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {reset.isError && !errors.password && <FormError>{describeError(t, reset.error)}</FormError>}
        <div>
          <PasswordField
            label={t('fields.newPassword')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            required
          />
          <PasswordStrength password={password} />
        </div>
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={errors.confirm}
          required
        />
        <Button type="submit" size="lg" fullWidth loading={reset.isPending}>
          {t('forgot.reset')}
        </Button>
      </Stack>
    </form>
  );
}
