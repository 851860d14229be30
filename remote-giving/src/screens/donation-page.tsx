import '../giving.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiClient } from 'shared/api/client';
import { formatCOP } from 'shared/format/money';
import { PENDING_PAYMENT_KEY, rememberClaim, storeJson, type PendingDonation } from 'shared/payments/browser-storage';
import { usePaymentType } from 'shared/payments/use-payment-type';
import { documentTypes, HONEYPOT_FIELD } from 'shared/schemas/common';
import {
  digitsOnly,
  donationSchema,
  donationTexts,
  presetAmounts,
  resolveDonationAmount,
  type DonationInput,
} from 'shared/schemas/donation';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { Honeypot, SelectField, SubmitButton, TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { useZodForm } from 'shared/ui/use-zod-form';
import { whenIdle } from '../idle';
import { loadMercadoPago } from '../mercadopago-script';
import { checkoutFailed, checkoutReceived, checkoutRequested, reset, retried, selectPaymentFlow } from '../state/payment-flow-slice';
import { donationPageTexts as t } from '../texts';

/** What POST /api/giving/contributions answers (the server decided the amount). */
interface ContributionAnswer {
  success?: boolean;
  id?: string;
  init_point?: string;
  date_created?: string | null;
  expires_at?: string | null;
  external_reference?: string;
  amount?: number;
  claim_secret?: string;
}

/**
 * The browser only tells "none" and "not a number" apart for the spec's alerts; the server owns the real
 * bounds and answers them in Spanish.
 */
const browserBounds = { min: 1, max: Number.MAX_SAFE_INTEGER };

/** Only an http(s) address may receive the visitor: never follow a `javascript:` or relative answer. */
function checkoutUrl(answer: ContributionAnswer): string | null {
  try {
    const url = new URL(answer.init_point ?? '');
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Field order of the error list, so it reads like the form. */
const fieldOrder: ReadonlyArray<keyof DonationInput> = [
  'donation_amount',
  'optional_donation_amount',
  'contributor_name',
  'contributor_lastname',
  'id_type',
  'id_number',
  'email',
  'phone_number',
];

/** Donation screen /contribuciones#dona-aqui (spec §2, §4 Donation, §5, §8). */
export default function DonationPage() {
  usePaymentType('donations');
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectPaymentFlow);
  const form = useZodForm(donationSchema, {
    shouldFocusError: false,
    defaultValues: { donation_amount: '', optional_donation_amount: '' },
  });
  const { register, setValue, getValues, watch, formState, setError, setFocus } = form;
  const [amountError, setAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const preset = watch('donation_amount') ?? '';
  const custom = watch('optional_donation_amount') ?? '';

  // A visit starts idle; coming back from the checkout with the back button (page restored from cache) does too.
  useEffect(() => {
    dispatch(reset());
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch(reset());
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [dispatch]);

  // The provider's browser script is a nicety (spec §4): fetched once the form is on screen and the browser is idle.
  useEffect(() => whenIdle(() => void loadMercadoPago()), []);

  const chosen = resolveDonationAmount({ donation_amount: preset, optional_donation_amount: custom }, browserBounds);
  const busy = formState.isSubmitting || flow.status === 'loading' || flow.status === 'success';

  const presetField = register('donation_amount', {
    onChange: () => {
      setValue('optional_donation_amount', '');
      setAmountError(null);
    },
  });
  const customField = register('optional_donation_amount', {
    onChange: (event: { target: HTMLInputElement }) => {
      if (event.target.value !== '') {
        setValue('donation_amount', '');
        setAmountError(null);
      }
    },
  });

  const submit = form.handleSubmit(async (values, event) => {
    const amount = resolveDonationAmount(values, browserBounds);
    if (!amount.ok) return;
    if (flow.status === 'error') dispatch(retried());
    dispatch(checkoutRequested());
    setFailure(null);
    const honeypot = honeypotOf(event?.target);
    const body = honeypot ? { ...values, [HONEYPOT_FIELD]: honeypot } : values;
    const res = await apiClient.request<ContributionAnswer>('POST', '/api/giving/contributions', body);
    const url = res.kind === 'ok' ? checkoutUrl(res.data) : null;
    if (res.kind !== 'ok' || !url || !res.data.id) {
      let message: string = donationTexts.failed;
      if (res.kind === 'error') {
        for (const [field, text] of Object.entries(res.fields ?? {})) {
          if (field === 'donation_amount' || field === 'optional_donation_amount') setAmountError(text);
          else if (fieldOrder.includes(field as keyof DonationInput))
            setError(field as keyof DonationInput, { type: 'server', message: text });
        }
        // The server's bounds and rate-limit messages tell the visitor what to do; anything else gets the spec's alert.
        if (res.error === 'invalid_amount' || res.status === 429) message = res.message || message;
        if (res.fields?.donation_amount) message = res.fields.donation_amount;
      }
      dispatch(checkoutFailed(message));
      setFailure(message);
      setAttempt((n) => n + 1);
      return;
    }
    dispatch(
      checkoutReceived({
        init_point: url,
        id: res.data.id,
        ...(res.data.date_created ? { date_created: res.data.date_created } : {}),
        ...(res.data.expires_at ? { expires_at: res.data.expires_at } : {}),
        ...(res.data.external_reference ? { external_reference: res.data.external_reference } : {}),
      }),
    );
    const pending: PendingDonation = {
      payment_id: res.data.id,
      external_reference: res.data.external_reference ?? '',
      amount: res.data.amount ?? amount.amount,
      timestamp: Date.now(),
    };
    storeJson(PENDING_PAYMENT_KEY, pending);
    // Only this browser holds the donation's claim: the result pages need it to show the payment.
    if (res.data.external_reference && res.data.claim_secret) rememberClaim(res.data.external_reference, res.data.claim_secret);
    window.location.assign(url);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    const amount = resolveDonationAmount(getValues(), browserBounds);
    setAmountError(amount.ok ? null : amount.message);
    setFailure(null);
    setAttempt((n) => n + 1);
    void submit(event);
  };

  const fieldErrors = formState.errors;
  const summary: Array<{ field: keyof DonationInput; message: string }> = [];
  if (amountError) summary.push({ field: custom ? 'optional_donation_amount' : 'donation_amount', message: amountError });
  for (const field of fieldOrder) {
    const message = fieldErrors[field]?.message;
    if (typeof message === 'string' && field !== 'donation_amount' && field !== 'optional_donation_amount')
      summary.push({ field, message });
  }

  const focusField = (field: keyof DonationInput) => {
    if (field === 'donation_amount') document.getElementById(presetId(preset || String(presetAmounts[0])))?.focus();
    else setFocus(field);
  };

  return (
    <PageFrame title={t.title} anchorId="dona-aqui" intro={<p>{t.lead}</p>}>
      <form className="form card donation-form" onSubmit={onSubmit} noValidate aria-labelledby="donation-form-title" aria-busy={busy}>
        <h2 id="donation-form-title" className="visually-hidden">
          {t.formTitle}
        </h2>
        <ErrorList key={attempt} entries={summary} failure={failure} onPick={focusField} />

        <fieldset className="amount-group" aria-describedby={amountError && !custom ? 'amount-error' : undefined}>
          <legend>
            {t.amountLegend}
            <span className="required-mark" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <div className="amount-presets">
            {presetAmounts.map((value) => (
              <label key={value} className="amount-preset" htmlFor={presetId(String(value))}>
                <input id={presetId(String(value))} type="radio" value={String(value)} {...presetField} />
                <span>{formatCOP(value)}</span>
              </label>
            ))}
          </div>
          <TextField
            label={t.customLabel}
            placeholder={t.customPlaceholder}
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            hint={t.customHint}
            error={amountError && custom ? amountError : undefined}
            {...customField}
            onChange={(event) => {
              // Digits only, as typed (spec §5): letters, dots and spaces never reach the field.
              const digits = digitsOnly(event.target.value);
              if (digits !== event.target.value) event.target.value = digits;
              void customField.onChange(event);
            }}
          />
          {amountError && !custom ? (
            <span id="amount-error" className="field-error">
              {amountError}
            </span>
          ) : null}
          <p className="amount-summary" aria-live="polite">
            {chosen.ok ? t.summary(formatCOP(chosen.amount)) : t.noAmountYet}
          </p>
        </fieldset>

        <h3 className="donation-form__section">{t.contributorTitle}</h3>
        <p className="donation-note">{t.requiredNote}</p>
        <Honeypot />
        <div className="form-grid">
          <TextField
            label="Nombres"
            required
            autoComplete="given-name"
            error={fieldErrors.contributor_name?.message}
            {...register('contributor_name')}
          />
          <TextField
            label="Apellidos"
            required
            autoComplete="family-name"
            error={fieldErrors.contributor_lastname?.message}
            {...register('contributor_lastname')}
          />
          <SelectField
            label="Tipo de identidad"
            required
            options={documentTypes}
            error={fieldErrors.id_type?.message}
            {...register('id_type')}
          />
          <TextField
            label="Número de documento"
            required
            inputMode="numeric"
            autoComplete="off"
            error={fieldErrors.id_number?.message}
            {...register('id_number')}
          />
          <TextField
            label="Correo Electrónico"
            required
            type="email"
            autoComplete="email"
            hint={t.emailHint}
            error={fieldErrors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Teléfono"
            required
            type="tel"
            autoComplete="tel"
            error={fieldErrors.phone_number?.message}
            {...register('phone_number')}
          />
        </div>

        <div className="donation-form__actions">
          <SubmitButton busy={busy} busyLabel={t.submitting} className="btn btn--accent btn--wide">
            {chosen.ok ? `${t.submit} ${formatCOP(chosen.amount)}` : t.submit}
          </SubmitButton>
          <p className="donation-form__secure">{t.secure}</p>
          {flow.status === 'success' ? (
            <p role="status" className="donation-note">
              {t.redirecting}
            </p>
          ) : null}
        </div>
      </form>
    </PageFrame>
  );
}

const presetId = (value: string) => `monto-${value}`;

/** The value of the hidden honeypot at submit time (bots fill it; the API refuses those submissions). */
function honeypotOf(target: EventTarget | null | undefined): string {
  if (!(target instanceof HTMLFormElement)) return '';
  const value = new FormData(target).get(HONEYPOT_FIELD);
  return typeof value === 'string' ? value : '';
}

/**
 * The alerts of the form (spec §8) above it: what to correct, each linked to its field, or why the donation could
 * not start. Re-keyed on every attempt, so it takes focus again and screen readers announce it.
 */
function ErrorList({
  entries,
  failure,
  onPick,
}: {
  entries: ReadonlyArray<{ field: keyof DonationInput; message: string }>;
  failure: string | null;
  onPick: (field: keyof DonationInput) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = entries.length > 0 || failure !== null;
  useEffect(() => {
    if (!shown) return;
    ref.current?.scrollIntoView?.({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [shown]);
  if (!shown) return null;
  if (entries.length === 0) {
    return (
      <div ref={ref} className="alert alert--error" role="alert" tabIndex={-1}>
        <p>
          <strong>{failure}</strong>
        </p>
      </div>
    );
  }
  return (
    <div ref={ref} className="alert alert--error error-summary" role="alert" tabIndex={-1}>
      <p>
        <strong>{t.errorsTitle}</strong>
      </p>
      <ul>
        {entries.map(({ field, message }) => (
          <li key={field}>
            <a
              href={`#${field}`}
              onClick={(event) => {
                event.preventDefault();
                onPick(field);
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
