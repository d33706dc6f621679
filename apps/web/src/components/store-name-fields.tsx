import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from '../lib/i18n/use-translation.ts';
import { suggestUrlName } from '../lib/url-name.ts';
import { UrlNameInput } from './url-name-input.tsx';

interface Props {
  name: string;
  urlName: string;
  onNameChange: (name: string) => void;
  onUrlNameChange: (urlName: string) => void;
  errors: { name?: string; urlName?: string };
  /** False once the store exists: its URL name is part of every link and cannot change. */
  urlNameEditable: boolean;
  autoFocus?: boolean;
}

/**
 * A store's name and URL name. Until the owner edits the URL name by hand, it follows the name
 * (`Ann's Corner Shop` → `ann-s-corner-shop`), so most owners never have to think about it.
 */
export function StoreNameFields(props: Props) {
  const { t } = useTranslation();
  const [urlNameTouched, setUrlNameTouched] = useState(!props.urlNameEditable);
  return (
    <>
      <TextInput
        label={t('fields.storeName')}
        value={props.name}
        onChange={(e) => {
          const name = e.currentTarget.value;
          props.onNameChange(name);
          if (!urlNameTouched) props.onUrlNameChange(suggestUrlName(name));
        }}
        error={props.errors.name}
        required
        data-autofocus={props.autoFocus || undefined}
      />
      {props.urlNameEditable ? (
        <UrlNameInput
          value={props.urlName}
          onChange={(value) => {
            setUrlNameTouched(true);
            props.onUrlNameChange(value);
          }}
          serverError={props.errors.urlName}
          suggested={!urlNameTouched}
          required
        />
      ) : (
        <TextInput
          label={t('fields.urlName')}
          value={props.urlName}
          description={t('stores.urlNameFixed')}
          readOnly
          disabled
        />
      )}
    </>
  );
}
