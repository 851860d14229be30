import '../giving.css';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ApiResult } from 'shared/api/client';
import { useOperationCall } from 'shared/api/use-operation';
import { colombianDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { TextField } from 'shared/ui/form';
import { donationOperations } from '../donation/operations';
import { browserDonationBounds, chosenDonationAmount, digitsOnly, type DonationBounds } from '../donation/schemas';
import { donationPresets } from '../../manifest/donation-settings';
import { monthlyManageTexts as t } from '../texts';
import type { ManageResponse } from './manage-schemas';

/**
 * A monthly gift as its donor manages it (#29): the summary, the amount, pause or resume, cancel with one confirmation,
 * and the charges. The same screen piece wherever the gift was opened: the e-mail's manage link (monthly-manage-page,
 * by token) and Mis donaciones (../mine, signed in); each page passes its own calls.
 */

/** The donor's actions on one gift, bound to how the page reached it (the link's token, or the gift's reference). */
export interface GiftActions {
  changeAmount(amount: number): Promise<ApiResult<ManageResponse>>;
  pause(): Promise<ApiResult<ManageResponse>>;
  resume(): Promise<ApiResult<ManageResponse>>;
  /** Final: called only after the donor confirmed. */
  cancel(): Promise<ApiResult<ManageResponse>>;
}

export const longDate = (instant: string) => {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : formatLongDate(colombianDate(date));
};

type Notice = { kind: 'status' | 'error'; text: string; seq: number };

/** An action's refusal in the server's words (404, 409, 400 are all Spanish messages); a network failure in ours. */
const refusal = (res: ApiResult<unknown>) => (res.kind === 'error' ? res.message : t.network);

/** The server's donation bounds, or none (the server still decides). */
function useBounds(): DonationBounds | null {
  const getBounds = useOperationCall(donationOperations.donationBounds);
  const [bounds, setBounds] = useState<DonationBounds | null>(null);
  useEffect(() => {
    let live = true;
    getBounds()
      .then((res) => {
        if (live && res.kind === 'ok' && res.data.min >= 1 && res.data.min <= res.data.max) setBounds(res.data);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [getBounds]);
  return bounds;
}

/**
 * One gift and its actions. `level` is its sections' heading level (2 on the gift's own page; 3 where the page lists
 * several gifts under their own headings); ids are unique per gift, so several can share a page.
 */
export function ManageGift({
  gift,
  actions,
  onChange,
  level = 2,
  label,
  titleId,
}: {
  gift: ManageResponse;
  actions: GiftActions;
  onChange: (gift: ManageResponse) => void;
  level?: 2 | 3;
  /** What tells this gift from the others on the page (its start date), added to its charges' region name. */
  label?: string;
  /** The id of the heading that names this gift on a page of several: each section's name starts with it. */
  titleId?: string;
}) {
  const id = useId();
  const named = (own: string) => (titleId ? `${titleId} ${own}` : own);
  const H = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  // Each answer's message takes focus, so it is read and the visitor continues from it.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const tell = (kind: Notice['kind'], text: string) => setNotice((old) => ({ kind, text, seq: (old?.seq ?? 0) + 1 }));
  const run = useCallback(
    async (call: () => Promise<ApiResult<ManageResponse>>, done: (gift: ManageResponse) => string) => {
      setBusy(true);
      try {
        const res = await call();
        if (res.kind === 'ok') {
          onChange(res.data);
          tell('status', done(res.data));
          return true;
        }
        tell('error', refusal(res));
        return false;
      } catch {
        tell('error', t.network);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [onChange],
  );

  const open = gift.status !== 'cancelled';
  const canChange = gift.status === 'authorized' || gift.status === 'paused';

  return (
    <div className="monthly-manage">
      {notice ? (
        <p
          key={notice.seq}
          ref={noticeRef}
          tabIndex={-1}
          className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      ) : null}

      <section className="card monthly-card" aria-labelledby={named(`${id}-summary-title`)}>
        <H id={`${id}-summary-title`}>{t.summaryTitle}</H>
        <dl className="monthly-facts">
          <div>
            <dt>{t.amount}</dt>
            <dd>{formatCOP(gift.amount)}</dd>
          </div>
          <div>
            <dt>{t.status}</dt>
            <dd>{t.statuses[gift.status]}</dd>
          </div>
          {open ? (
            <div>
              <dt>{t.nextCharge}</dt>
              <dd>{gift.next_payment_date && gift.status === 'authorized' ? longDate(gift.next_payment_date) : t.noNextCharge}</dd>
            </div>
          ) : null}
        </dl>
        {gift.status === 'pending' ? <p className="donation-note">{t.pendingNote}</p> : null}
        {gift.status === 'cancelled' && gift.cancelled_at ? (
          <p className="donation-note">{t.cancelledNote(longDate(gift.cancelled_at))}</p>
        ) : null}
        {gift.failing && open ? (
          <div className="alert alert--warning" role="note" aria-labelledby={`${id}-failing-title`}>
            <Sub id={`${id}-failing-title`}>{t.failingTitle}</Sub>
            <p>{t.failing}</p>
          </div>
        ) : null}
      </section>

      {canChange ? (
        <AmountChange
          gift={gift}
          level={level}
          titleId={titleId}
          busy={busy}
          onSave={(amount) =>
            run(
              () => actions.changeAmount(amount),
              (g) => t.amountChanged(formatCOP(g.amount)),
            )
          }
        />
      ) : null}

      {canChange ? (
        <section className="card monthly-card" aria-labelledby={named(`${id}-pause-title`)}>
          <H id={`${id}-pause-title`}>{t.pauseTitle}</H>
          <p>{t.pauseNote}</p>
          {/* One button: pause an active gift, resume a paused one. */}
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() =>
              void (gift.status === 'authorized'
                ? run(
                    () => actions.pause(),
                    () => t.paused,
                  )
                : run(
                    () => actions.resume(),
                    () => t.resumed,
                  ))
            }
          >
            {gift.status === 'authorized' ? t.pause : t.resume}
          </button>
        </section>
      ) : null}

      {open ? (
        <section className="card monthly-card" aria-labelledby={named(`${id}-cancel-title`)}>
          <H id={`${id}-cancel-title`}>{t.cancelTitle}</H>
          <p>{t.cancelNote}</p>
          {confirming ? (
            <div className="monthly-confirm" role="group" aria-labelledby={`${id}-confirm-title`} aria-describedby={`${id}-confirm-text`}>
              <Sub id={`${id}-confirm-title`} ref={confirmRef} tabIndex={-1}>
                {t.confirmTitle}
              </Sub>
              <p id={`${id}-confirm-text`}>{t.confirmText}</p>
              <div className="monthly-actions">
                <button
                  type="button"
                  className="btn btn--accent"
                  disabled={busy}
                  onClick={() =>
                    void run(
                      () => actions.cancel(),
                      () => t.cancelled,
                    ).then((done) => {
                      if (!done) return;
                      setConfirming(false);
                    })
                  }
                >
                  {busy ? t.working : t.confirmYes}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={busy}
                  onClick={() => {
                    setConfirming(false);
                    // Back where the visitor was.
                    requestAnimationFrame(() => cancelButton.current?.focus());
                  }}
                >
                  {t.confirmNo}
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className="btn" ref={cancelButton} disabled={busy} onClick={() => setConfirming(true)}>
              {t.cancel}
            </button>
          )}
        </section>
      ) : null}

      <section className="card monthly-card" aria-labelledby={named(`${id}-charges-title`)}>
        <H id={`${id}-charges-title`}>{t.chargesTitle}</H>
        {gift.charges.length === 0 ? (
          <p>{t.noCharges}</p>
        ) : (
          <div
            className="monthly-charges"
            role="region"
            aria-label={label ? `${t.chargesCaption} (${label})` : t.chargesCaption}
            tabIndex={0}
          >
            <table>
              <caption className="visually-hidden">{t.chargesCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.chargeDate}</th>
                  <th scope="col">{t.chargeAmount}</th>
                  <th scope="col">{t.chargeState}</th>
                </tr>
              </thead>
              <tbody>
                {gift.charges.map((charge) => (
                  <tr key={charge.reference}>
                    <td>{charge.date ? longDate(charge.date) : '—'}</td>
                    <td>{formatCOP(charge.amount)}</td>
                    <td>{t.chargeStates[charge.status] ?? t.otherChargeState}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

/** The new monthly amount: the published presets or a free amount, within the server's bounds (the one-time rule). */
function AmountChange({
  gift,
  busy,
  level,
  titleId,
  onSave,
}: {
  gift: ManageResponse;
  busy: boolean;
  level: 2 | 3;
  titleId: string | undefined;
  onSave: (amount: number) => Promise<boolean>;
}) {
  const id = useId();
  const H = level === 2 ? 'h2' : 'h3';
  const presetId = (value: number) => `${id}-monto-${value}`;
  const presets = donationPresets();
  const serverBounds = useBounds();
  const bounds = serverBounds ?? browserDonationBounds;
  const [preset, setPreset] = useState('');
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const customRef = useRef<HTMLDivElement>(null);
  const range = serverBounds ? { min: formatCOP(serverBounds.min), max: formatCOP(serverBounds.max) } : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = chosenDonationAmount({ donation_amount: preset, optional_donation_amount: custom }, bounds);
    if (!chosen.ok) {
      setError(chosen.message);
      customRef.current?.querySelector('input')?.focus();
      return;
    }
    if (chosen.amount === gift.amount) {
      setError(t.sameAmount);
      return;
    }
    setError(null);
    if (await onSave(chosen.amount)) {
      setPreset('');
      setCustom('');
    }
  };

  return (
    <section className="card monthly-card" aria-labelledby={titleId ? `${titleId} ${id}-amount-title` : `${id}-amount-title`}>
      <H id={`${id}-amount-title`}>{t.amountTitle}</H>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="amount-group" aria-describedby={`${id}-amount-note`}>
          <legend>{t.amountLegend}</legend>
          <div className="amount-presets">
            {presets.map((value) => (
              <label key={value} className="amount-preset" htmlFor={presetId(value)}>
                <input
                  id={presetId(value)}
                  type="radio"
                  name={`${id}-amount_preset`}
                  value={String(value)}
                  checked={preset === String(value)}
                  onChange={() => {
                    setPreset(String(value));
                    setCustom('');
                    setError(null);
                  }}
                />
                <span>{formatCOP(value)}</span>
              </label>
            ))}
          </div>
          <div ref={customRef}>
            <TextField
              label={t.customLabel}
              name="amount"
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              value={custom}
              hint={range ? t.customHintWithin(range.min, range.max) : t.customHint}
              onChange={(event) => {
                const digits = digitsOnly(event.target.value);
                setCustom(digits);
                if (digits) setPreset('');
                setError(null);
              }}
              error={error ?? undefined}
            />
          </div>
          <p id={`${id}-amount-note`} className="donation-note">
            {t.amountNote}
          </p>
        </fieldset>
        <button type="submit" className="btn btn--accent" disabled={busy}>
          {busy ? t.working : t.saveAmount}
        </button>
      </form>
    </section>
  );
}
