import '../giving.css';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiResult } from 'shared/api/client';
import { useOperationCall } from 'shared/api/use-operation';
import { colombianDate } from 'shared/format/business-days';
import { formatLongDate } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import { AppLink, useNavigation } from 'shared/navigation';
import { TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { donationOperations } from '../donation/operations';
import { browserDonationBounds, chosenDonationAmount, digitsOnly, type DonationBounds } from '../donation/schemas';
import { donationPresets } from '../../manifest/documents';
import { MONTHLY_MANAGE_PREFIX } from '../../manifest/routes';
import { monthlyManageTexts as t } from '../texts';
import { monthlyOperations } from './operations';
import type { ManageResponse } from './schemas';

/**
 * The link's token is the only credential of this page: the server must never render it with the gift's data (nor keep
 * the page in its render cache by token), so the screen is left to the browser.
 */
export const serverRender = false;

/** The token as the e-mail wrote it: from the address itself (the route table matches it in lower case). */
function tokenOf(pathname: string): string {
  const at = pathname.toLowerCase().indexOf(MONTHLY_MANAGE_PREFIX);
  const raw = at === 0 ? pathname.slice(MONTHLY_MANAGE_PREFIX.length).replace(/\/$/, '') : '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const longDate = (instant: string) => {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : formatLongDate(colombianDate(date));
};

type Loaded = { kind: 'loading' } | { kind: 'missing'; message: string } | { kind: 'failed' } | { kind: 'ready'; gift: ManageResponse };
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

/** /contribuciones/mensual/gestionar/<token> (#29): the donor's monthly gift, from the link in their e-mail. */
export default function MonthlyManagePage() {
  const { pathname } = useNavigation();
  const token = tokenOf(pathname);
  const load = useOperationCall(monthlyOperations.manage);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoaded({ kind: 'loading' });
    load({ params: { token } })
      .then((res) => {
        if (!live) return;
        if (res.kind === 'ok') setLoaded({ kind: 'ready', gift: res.data });
        else if (res.kind === 'error' && res.status === 404) setLoaded({ kind: 'missing', message: res.message });
        else setLoaded({ kind: 'failed' });
      })
      .catch(() => live && setLoaded({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, [load, token, attempt]);

  return (
    <PageFrame title={t.title}>
      {/* The address holds the token: no request from this page may carry it in a Referer (React places this in the head). */}
      <meta name="referrer" content="no-referrer" />
      {loaded.kind === 'loading' ? (
        <p role="status" className="donation-note">
          {t.loading}
        </p>
      ) : null}
      {loaded.kind === 'missing' ? (
        <div className="card monthly-card">
          <p className="alert alert--error" role="alert">
            {loaded.message}
          </p>
          <AppLink to="/contribuciones">{t.backToDonations}</AppLink>
        </div>
      ) : null}
      {loaded.kind === 'failed' ? (
        <div className="card monthly-card">
          <p className="alert alert--error" role="alert">
            {t.loadFailed}
          </p>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            {t.retry}
          </button>
        </div>
      ) : null}
      {loaded.kind === 'ready' ? (
        <ManageGift token={token} gift={loaded.gift} onChange={(gift) => setLoaded({ kind: 'ready', gift })} />
      ) : null}
    </PageFrame>
  );
}

function ManageGift({ token, gift, onChange }: { token: string; gift: ManageResponse; onChange: (gift: ManageResponse) => void }) {
  const changeAmount = useOperationCall(monthlyOperations.changeAmount);
  const pause = useOperationCall(monthlyOperations.pause);
  const resume = useOperationCall(monthlyOperations.resume);
  const cancel = useOperationCall(monthlyOperations.cancel);
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

      <section className="card monthly-card" aria-labelledby="monthly-summary-title">
        <h2 id="monthly-summary-title">{t.summaryTitle}</h2>
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
          <div className="alert alert--warning" role="note" aria-labelledby="monthly-failing-title">
            <h3 id="monthly-failing-title">{t.failingTitle}</h3>
            <p>{t.failing}</p>
          </div>
        ) : null}
      </section>

      {canChange ? (
        <AmountChange
          gift={gift}
          busy={busy}
          onSave={(amount) =>
            run(
              () => changeAmount({ params: { token }, body: { amount } }),
              (g) => t.amountChanged(formatCOP(g.amount)),
            )
          }
        />
      ) : null}

      {canChange ? (
        <section className="card monthly-card" aria-labelledby="monthly-pause-title">
          <h2 id="monthly-pause-title">{t.pauseTitle}</h2>
          <p>{t.pauseNote}</p>
          {gift.status === 'authorized' ? (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() =>
                void run(
                  () => pause({ params: { token } }),
                  () => t.paused,
                )
              }
            >
              {t.pause}
            </button>
          ) : (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() =>
                void run(
                  () => resume({ params: { token } }),
                  () => t.resumed,
                )
              }
            >
              {t.resume}
            </button>
          )}
        </section>
      ) : null}

      {open ? (
        <section className="card monthly-card" aria-labelledby="monthly-cancel-title">
          <h2 id="monthly-cancel-title">{t.cancelTitle}</h2>
          <p>{t.cancelNote}</p>
          {confirming ? (
            <div className="monthly-confirm" role="group" aria-labelledby="monthly-confirm-title" aria-describedby="monthly-confirm-text">
              <h3 id="monthly-confirm-title" ref={confirmRef} tabIndex={-1}>
                {t.confirmTitle}
              </h3>
              <p id="monthly-confirm-text">{t.confirmText}</p>
              <div className="monthly-actions">
                <button
                  type="button"
                  className="btn btn--accent"
                  disabled={busy}
                  onClick={() =>
                    void run(
                      () => cancel({ params: { token }, body: { confirm: true } }),
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

      <section className="card monthly-card" aria-labelledby="monthly-charges-title">
        <h2 id="monthly-charges-title">{t.chargesTitle}</h2>
        {gift.charges.length === 0 ? (
          <p>{t.noCharges}</p>
        ) : (
          <div className="monthly-charges" role="region" aria-label={t.chargesCaption} tabIndex={0}>
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

const presetId = (value: number) => `mensual-monto-${value}`;

/** The new monthly amount: the published presets or a free amount, within the server's bounds (the one-time rule). */
function AmountChange({ gift, busy, onSave }: { gift: ManageResponse; busy: boolean; onSave: (amount: number) => Promise<boolean> }) {
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
    <section className="card monthly-card" aria-labelledby="monthly-amount-title">
      <h2 id="monthly-amount-title">{t.amountTitle}</h2>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="amount-group" aria-describedby="monthly-amount-note">
          <legend>{t.amountLegend}</legend>
          <div className="amount-presets">
            {presets.map((value) => (
              <label key={value} className="amount-preset" htmlFor={presetId(value)}>
                <input
                  id={presetId(value)}
                  type="radio"
                  name="amount_preset"
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
          <p id="monthly-amount-note" className="donation-note">
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
