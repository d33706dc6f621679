import { useState, type FormEvent } from 'react';
import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from 'react-i18next';
import { SignUpBodySchema, type CurrencyCode } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { toSupportedLocale } from '../../../lib/i18n.ts';
import { apiFieldErrors, describeError } from '../../../lib/describe-error.ts';
import { zodFieldErrors } from '../../../lib/form-errors.ts';
import { browserTimezone } from '../../../lib/timezones.ts';
import { guessCurrency } from '../../../lib/default-currency.ts';
import { CurrencyPairFields } from '../../../components/currency-pair-fields.tsx';
import { TimezoneSelect } from '../../../components/timezone-select.tsx';
import { StoreNameFields } from '../../../components/store-name-fields.tsx';
import { PasswordStrength } from '../../../components/password-strength.tsx';
import { useSignUp } from '../api/sign-up.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { CheckEmail } from '../components/check-email.tsx';
import { FormError } from '../../../components/form-error.tsx';

export default function SignUpPage() {
  const { t } = useTranslation();
  const locale = useSession((s) => s.userLocale);
  const signUp = useSignUp();
  const [v, setV] = useState({
    email: '',
    password: '',
    name: '',
    storeName: '',
    urlName: '',
    mainCurrency: guessCurrency() as CurrencyCode | null,
    secondCurrency: null as CurrencyCode | null,
    timezone: browserTimezone(),
  });
  // The URL name follows the store name until the user types one of their own.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const set = <K extends keyof typeof v>(key: K, value: (typeof v)[K]) => {
    setV((old) => ({ ...old, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = SignUpBodySchema.safeParse({ ...v, locale: toSupportedLocale(locale) });
    if (!parsed.success) return setErrors(zodFieldErrors(t, parsed.error));
    setErrors({});
    signUp.mutate(parsed.data, {
      onSuccess: () => setSentTo(parsed.data.email),
      onError: (error) => setErrors(apiFieldErrors(t, error)),
    });
  };

  if (sentTo) {
    return (
      <AuthLayout title={t('checkEmail.title')}>
        <CheckEmail email={sentTo} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('signUp.title')} subtitle={t('signUp.subtitle')} width={520}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {signUp.isError && Object.keys(errors).length === 0 && (
            <FormError>{describeError(t, signUp.error)}</FormError>
          )}
          <Divider label={t('signUp.account')} labelPosition="left" fw={700} />
          <TextInput
            label={t('fields.name')}
            autoComplete="name"
            value={v.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
            required
          />
          <TextInput
            label={t('fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={v.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={errors.email}
            required
          />
          <div>
            <PasswordField
              label={t('fields.password')}
              autoComplete="new-password"
              value={v.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              error={errors.password}
              required
            />
            <PasswordStrength password={v.password} />
          </div>
          <Divider label={t('signUp.store')} labelPosition="left" fw={700} mt="xs" />
          <StoreNameFields
            name={v.storeName}
            urlName={v.urlName}
            onNameChange={(name) => set('storeName', name)}
            onUrlNameChange={(urlName) => set('urlName', urlName)}
            errors={{ name: errors.storeName, urlName: errors.urlName }}
            urlNameEditable
          />
          <CurrencyPairFields
            main={v.mainCurrency}
            second={v.secondCurrency}
            onMainChange={(c) => set('mainCurrency', c)}
            onSecondChange={(c) => set('secondCurrency', c)}
            errors={errors}
          />
          <TimezoneSelect value={v.timezone} onChange={(tz) => set('timezone', tz)} error={errors.timezone} />
          <Text size="sm" c="dimmed">
            {t('signUp.terms')}{' '}
            <Anchor component={Link} to="/legal" size="sm">
              {t('signUp.termsLink')}
            </Anchor>
            .
          </Text>
          <Button type="submit" size="lg" fullWidth loading={signUp.isPending}>
            {t('signUp.submit')}
          </Button>
          <Text ta="center" size="sm" c="dimmed">
            {t('signUp.haveAccount')}{' '}
            <Anchor component={Link} to="/auth" fw={600}>
              {t('signUp.logIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
