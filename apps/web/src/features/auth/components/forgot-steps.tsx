import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';
import { useNavigate } from '../../../lib/router/index.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { ForgotPasswordParamsSchema, ResetPasswordBodySchema, VerifyCodeBodySchema } from '@shopdesk/shared';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { apiFieldErrors, describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { PasswordStrength } from '../../../components/password-strength.tsx';
import { useRequestResetCode } from '../api/request-reset-code.ts';
import { useVerifyResetCode } from '../api/verify-reset-code.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { FormError } from '../../../components/form-error.tsx';
import { paths } from '../../../lib/paths.ts';

const CodeStepSchema = VerifyCodeBodySchema.pick({ code: true });
const PasswordStepSchema = ResetPasswordBodySchema.pick({ password: true });

export function ForgotEmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const request = useRequestResetCode();
  const form = useZodForm({ initialValues: { email: '' }, schema: ForgotPasswordParamsSchema });

  const submit = form.onSubmit(({ email }) => request.mutate(email, { onSuccess: () => onSent(email) }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {request.isError && <FormError>{describeError(t, request.error)}</FormError>}
        <TextInput
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          {...form.text('email')}
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
  const form = useZodForm({
    initialValues: { code: '' },
    schema: CodeStepSchema,
    prepare: (v, fail) => {
      if (!/^\d{6}$/.test(v.code)) fail('code', t('validation.codeDigits'));
      return v;
    },
  });
  const error = form.errors.code;
  const locked = verify.error instanceof ApiRequestError && verify.error.code === 'CODE_LOCKED';

  const submit = form.onSubmit(({ code }) =>
    verify.mutate(
      { email, code },
      {
        onSuccess: ({ resetToken }) => onVerified(resetToken),
        onError: (err) => {
          const code = apiFieldErrors(t, err).code;
          form.setErrors(code ? { code } : {});
        },
      },
    ),
  );

  const resendCode = () =>
    request.mutate(email, {
      onSuccess: () => {
        verify.reset();
        form.setValue('code', '');
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
          value={form.values.code}
          onChange={(e) => form.setValue('code', e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
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
  const form = useZodForm({
    initialValues: { password: '', confirm: '' },
    schema: PasswordStepSchema,
    prepare: (v, fail) => {
      if (v.password !== v.confirm) fail('confirm', t('validation.mismatch'));
      return v;
    },
  });
  const { errors } = form;
  const password = form.values.password;

  const submit = form.onSubmit(() =>
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
          } else form.showApiErrors(err);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {reset.isError && !errors.password && <FormError>{describeError(t, reset.error)}</FormError>}
        <div>
          <PasswordField
            label={t('fields.newPassword')}
            autoComplete="new-password"
            {...form.text('password')}
            required
          />
          <PasswordStrength password={password} />
        </div>
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          {...form.text('confirm')}
          required
        />
        <Button type="submit" size="lg" fullWidth loading={reset.isPending}>
          {t('forgot.reset')}
        </Button>
      </Stack>
    </form>
  );
}
