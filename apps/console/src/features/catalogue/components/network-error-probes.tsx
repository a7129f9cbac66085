import { Form } from 'antd';
import { memo, useEffect } from 'react';

/** A destination's errors as its probe reports them: an empty list clears them. */
export type ReportErrors = (country: string, errors: string[]) => void;

/**
 * A form field at `plan.networks.<row>.operators` for each destination naming operators (only
 * those are sent, so only they can be wrong), drawing nothing but an empty anchor. The editor page
 * puts a row's errors there (the contract's checks before saving, the server's 1099 after) and
 * scrolls to it by its id; only the networks table's visible page draws rows, so each probe hands
 * its errors to the table, which shows them on the row and turns to its page. A probe is a few
 * components, where a drawn row with its operator select was about fifty.
 *
 * `rows`: "country:row" of each such destination, comma-separated (a string, so the memo holds).
 */
export const NetworkErrorProbes = memo(function NetworkErrorProbes({ rows, onErrors }: { rows: string; onErrors: ReportErrors }) {
  return (
    <div>
      {(rows ? rows.split(',') : []).map((entry) => {
        const [country = '', row = '0'] = entry.split(':');
        return <Probe key={country} country={country} row={Number(row)} onErrors={onErrors} />;
      })}
    </div>
  );
});

/** Keyed by destination: when rows shift its field's name changes and the field starts afresh, errors and all. */
const Probe = memo(function Probe({ country, row, onErrors }: { country: string; row: number; onErrors: ReportErrors }) {
  return (
    <Form.Item noStyle name={['plan', 'networks', row, 'operators']}>
      <Anchor country={country} onErrors={onErrors} />
    </Form.Item>
  );
});

function Anchor({ id, country, onErrors }: { id?: string; country: string; onErrors: ReportErrors }) {
  const { errors } = Form.Item.useStatus();
  const text = errors.map(String).join('\n');
  useEffect(() => {
    if (!text) return;
    onErrors(country, text.split('\n'));
    return () => onErrors(country, []);
  }, [country, text, onErrors]);
  // Where form.scrollToField lands (by the field's id): just above the table.
  return <span id={id} />;
}
