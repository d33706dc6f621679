import { useState } from 'react';
import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '../../../lib/router/index.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { useTranslation } from '../../../lib/i18n/use-translation.ts';
import { SignUpBodySchema, type CurrencyCode } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { toSupportedLocale } from '../../../lib/i18n.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
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
import { paths } from '../../../lib/paths.ts';

/**
 * Sign up: the account and its first store. Currency and time zone are guessed from the browser;
 * the language sent is the one the page is shown in. The answer is the same for a new and a taken
 * address (it reveals neither), so the page always goes on to "check your email".
 */
export default function SignUpPage() {
  const { t } = useTranslation();
  const locale = useSession((s) => s.userLocale);
  const signUp = useSignUp();
  const form = useZodForm({
    schema: SignUpBodySchema,
    prepare: (values) => ({ ...values, locale: toSupportedLocale(locale) }),
    initialValues: {
      email: '',
      password: '',
      name: '',
      storeName: '',
      urlName: '',
      mainCurrency: guessCurrency() as CurrencyCode | null,
      secondCurrency: null as CurrencyCode | null,
      timezone: browserTimezone(),
    },
  });
  const { values: v, errors, setValue: set } = form;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.onSubmit((body) =>
    signUp.mutate(body, {
      onSuccess: ({ email }) => setSentTo(email),
      onError: (error) => form.showApiErrors(error),
    }),
  );

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
          {signUp.isError && !form.hasErrors && <FormError>{describeError(t, signUp.error)}</FormError>}
          <Divider label={t('signUp.account')} labelPosition="left" fw={700} />
          <TextInput label={t('fields.name')} autoComplete="name" {...form.text('name')} required />
          <TextInput
            label={t('fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            {...form.text('email')}
            required
          />
          <div>
            <PasswordField
              label={t('fields.password')}
              autoComplete="new-password"
              {...form.text('password')}
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
            <Anchor component={Link} to={paths.legal()} size="sm">
              {t('signUp.termsLink')}
            </Anchor>
            .
          </Text>
          <Button type="submit" size="lg" fullWidth loading={signUp.isPending}>
            {t('signUp.submit')}
          </Button>
          <Text ta="center" size="sm" c="dimmed">
            {t('signUp.haveAccount')}{' '}
            <Anchor component={Link} to={paths.auth()} fw={600}>
              {t('signUp.logIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
