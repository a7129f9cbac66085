import { API_KEY_NAME_MAX, API_KEY_SCOPES, ApiKeyMode, type ApiKeyScope } from '@simshop/contract';
import { Input, TextArea, type InputRef } from 'antd-mobile';
import { useId, useRef, useState } from 'react';
import { ChipChoices } from '@/components/chip-choices';
import { FormSheet } from '@/components/form-sheet';
import { Tick } from '@/components/tick';
import { i18n, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { describeApiError } from '@/lib/api-response';
import { useCreateApiKey } from '../api/api-keys';

/**
 * Making a key: its name, live or test, the scopes (read is chosen to begin with) and an optional
 * IP allow-list, one address or CIDR block a line. The server checks each address and refuses with
 * its reason, which shows here beside the form; the new secret goes to `onMade`.
 */
export function CreateKeySheet({ open, onClose, onMade }: { open: boolean; onClose: () => void; onMade: (made: { name: string; secret: string }) => void }) {
  const { t } = useTranslation();
  const ids = { name: useId(), nameHint: useId(), mode: useId(), modeHint: useId(), scopes: useId(), ips: useId(), ipsHint: useId(), error: useId() };
  const nameField = useRef<InputRef>(null);
  const [name, setName] = useState('');
  const [mode, setMode] = useState<ApiKeyMode>(ApiKeyMode.live);
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [ips, setIps] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiKey();
  const busy = create.isPending;

  const reset = () => {
    setName('');
    setMode(ApiKeyMode.live);
    setScopes(['read']);
    setIps('');
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)));

  const submit = async () => {
    setError(null);
    if (scopes.length === 0) return setError(t('api-keys.form.scopes.required'));
    try {
      const ipAllowList = ips.split('\n').map((line) => line.trim()).filter(Boolean);
      const made = await create.mutateAsync({ name, mode, scopes, ipAllowList });
      reset();
      onMade({ name: made.key.name, secret: made.secret });
    } catch (err) {
      setError(err instanceof ApiError ? describeApiError(err, i18n) : t('api-keys.failed'));
    }
  };

  return (
    <FormSheet
      open={open}
      onClose={close}
      onSubmit={() => void submit()}
      title={t('api-keys.form.title')}
      initialFocus={nameField}
      error={error}
      errorId={ids.error}
      busy={busy}
      submit={{ label: t('api-keys.form.submit'), busyLabel: t('api-keys.form.busy'), disabled: name.trim() === '' }}
      className="api-keys-sheet"
    >
      <label className="field-label" htmlFor={ids.name}>
        {t('api-keys.form.name')}
      </label>
      <Input ref={nameField} id={ids.name} value={name} onChange={setName} maxLength={API_KEY_NAME_MAX} autoComplete="off" readOnly={busy} aria-describedby={ids.nameHint} />
      <p className="muted api-keys-hint" id={ids.nameHint}>
        {t('api-keys.form.name.hint')}
      </p>
      <p className="field-label" id={ids.mode}>
        {t('api-keys.form.mode')}
      </p>
      <ChipChoices
        label={t('api-keys.form.mode')}
        value={mode}
        onChange={setMode}
        options={[
          { value: ApiKeyMode.live, label: t('api-keys.mode.live') },
          { value: ApiKeyMode.test, label: t('api-keys.mode.test') },
        ]}
        columns={2}
      />
      {mode === ApiKeyMode.test ? (
        <p className="muted api-keys-hint" id={ids.modeHint}>
          {t('api-keys.form.mode.hint')}
        </p>
      ) : null}
      <fieldset className="api-keys-scopes" aria-describedby={error ? ids.error : undefined}>
        <legend className="field-label" id={ids.scopes}>
          {t('api-keys.form.scopes')}
        </legend>
        {API_KEY_SCOPES.map((scope) => (
          <Tick key={scope} checked={scopes.includes(scope)} onChange={(on) => toggle(scope, on)} disabled={busy}>
            {t(`api-keys.scope.${scope}`)}
          </Tick>
        ))}
      </fieldset>
      <label className="field-label" htmlFor={ids.ips}>
        {t('api-keys.form.ips')}
      </label>
      <TextArea id={ids.ips} value={ips} onChange={setIps} rows={3} placeholder="203.0.113.0/24" readOnly={busy} aria-describedby={ids.ipsHint} className="mono" />
      <p className="muted api-keys-hint" id={ids.ipsHint}>
        {t('api-keys.form.ips.hint')}
      </p>
    </FormSheet>
  );
}
