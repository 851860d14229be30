import '../giving.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiResult } from 'shared/api/client';
import { formatCOP } from 'shared/format/money';
import { PENDING_PAYMENT_KEY, rememberClaim, storeJson, type PendingDonation } from 'shared/payments/browser-storage';
import { usePaymentType } from 'shared/payments/use-payment-type';
import { documentTypes } from 'shared/schemas/common';
import {
  browserDonationBounds,
  chosenDonationAmount,
  digitsOnly,
  donationFormSchemaWithin,
  donationTexts,
  type DonationBounds,
} from './schemas';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { DataAuthorization } from 'shared/ui/consent';
import { SelectField, SubmitButton, TextField } from 'shared/ui/form';
import { PageFrame } from 'shared/ui/page-frame';
import { useFormIsland, useServedChoices, whenIdle } from 'shared/islands';
import { Static, useSearchParams } from 'shared/navigation';
import { site } from 'shared/foundation/site';
import { failed, fieldsOf, sent, SubmissionForm, useFormSubmission, withHoneypot } from 'shared/ui/submission-form';
import { useZodForm } from 'shared/ui/use-zod-form';
import { SubmitErrors } from 'shared/ui/error-summary';
import { useOperationCall } from 'shared/api/use-operation';
import { donationPageOperations } from './page-operations';
import { monthlyStart } from '../monthly/start-operations';
import { CampaignProgress } from '../campaign/campaign-progress';
import { loadMercadoPago } from './mercadopago-script';
import { checkoutFailed, checkoutReceived, checkoutRequested, reset, selectPaymentFlow } from './payment-flow-slice';
import { donationPageTexts as t } from './page-texts';
import { donationConsent } from '../../manifest/consent';
import { donationPresets, donationSettings } from '../../manifest/donation-settings';

/** Only an http(s) address may receive the visitor: never follow a `javascript:` or relative answer. */
function checkoutUrl(answer: { init_point: string }): string | null {
  try {
    const url = new URL(answer.init_point);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Why the donation could not start (spec §8). The server's bounds and rate-limit messages tell the visitor what to
 * do; anything else gets the spec's alert. The server calls the amount `donation_amount`; its message goes on the
 * amount field the visitor used.
 */
function contributionFailure<T>(res: ApiResult<T>, customTyped: boolean) {
  if (res.kind !== 'error') return failed(donationTexts.failed);
  const { donation_amount: amount, ...fields } = res.fields ?? {};
  const hint = res.error === 'invalid_amount' || res.status === 429 ? res.message : '';
  const amountField = customTyped ? 'optional_donation_amount' : 'donation_amount';
  return failed(amount || hint || donationTexts.failed, { fields: { ...fields, ...(amount ? { [amountField]: amount } : {}) } });
}

const presetId = (value: string) => `monto-${value}`;

/** Once (any payment method) or every month (a card, authorized once at the provider: #29). */
type Frequency = 'once' | 'monthly';
const frequencies: readonly Frequency[] = ['once', 'monthly'];

/** Below the minimum the visitor may still be typing ("5" on the way to "50000"): the check waits for this pause. */
const TYPING_PAUSE_MS = 800;

/** Bounds the page can state: whole pesos, at least 1, the minimum not above the maximum. */
const usable = (b: DonationBounds) => Number.isSafeInteger(b.min) && Number.isSafeInteger(b.max) && b.min >= 1 && b.min <= b.max;

/**
 * The server's donation bounds (its configuration), once they arrive; null before, or when they cannot be had (the
 * page then says none and the server still refuses an amount outside them, as before #17).
 */
function useServerBounds(): DonationBounds | null {
  const getBounds = useOperationCall(donationPageOperations.donationBounds);
  const [bounds, setBounds] = useState<DonationBounds | null>(null);
  useEffect(() => {
    let live = true;
    getBounds()
      .then((res) => {
        if (live && res.kind === 'ok' && usable(res.data)) setBounds({ min: res.data.min, max: res.data.max });
      })
      .catch(() => {
        // Only a convenience: the form works without it.
      });
    return () => {
      live = false;
    };
  }, [getBounds]);
  return bounds;
}

/**
 * Donation screen /contribuciones#dona-aqui (spec §2, §4 Donation, §5, §8). Pay only for what is interactive (#33): on
 * the page the server rendered, the intro is adopted as served (`Static`: finanzas' text, the same until the next
 * render), the form hydrates as an island when the visitor is about to use it (pointer, touch, focus, key, click in
 * it: the first press, focus and typed key count, see shared/navigation `useReleaseOnIntent`) or once the browser is
 * idle after the load, whichever comes first; the campaign's progress is live (fetched in the browser). Reached by
 * client navigation, everything renders at once.
 */
export default function DonationPage() {
  usePaymentType('donations');
  // Sent here by a certificate link from a receipt that no longer works, or whose donation's name cannot be printed
  // (../certificates/server/certificates.ts).
  const certificateNotice = useSearchParams().get('certificado');
  const settings = donationSettings();
  // One element for the life of the page: a re-render of this frame never reaches the island while it waits.
  const { area: formArea, island: form } = useFormIsland(DonationForm);
  return (
    <PageFrame
      title={t.title}
      anchorId="dona-aqui"
      intro={
        <Static name="contribuciones-intro">
          <p>{settings.intro}</p>
        </Static>
      }
    >
      {certificateNotice === 'invalido' || certificateNotice === 'nombre' ? (
        <p className="alert alert--error" role="alert">
          {certificateNotice === 'nombre' ? t.certificateNameRefused(site.contact.email) : t.certificateLinkFailed(site.contact.email)}
        </p>
      ) : null}
      <div ref={formArea} className="donation-form-area">
        {form}
      </div>
      <CampaignProgress />
    </PageFrame>
  );
}

/** The donation form: its amount, the donor's details, the consent and the way to the provider's checkout. */
function DonationForm() {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectPaymentFlow);
  const createContribution = useOperationCall(donationPageOperations.contribute);
  const startMonthly = useOperationCall(monthlyStart);
  // Not a field of the form: the same fields go to one operation or the other.
  const [frequency, setFrequency] = useState<Frequency>('once');
  const monthly = frequency === 'monthly';
  // What finanzas published (#28), as the server rendered the page with it (the page carries it for hydration).
  const presets = donationPresets();
  const serverBounds = useServerBounds();
  const bounds = serverBounds ?? browserDonationBounds;
  // The amount rule of the schema, within the server's bounds as soon as the page has them.
  const schema = useMemo(() => donationFormSchemaWithin(bounds), [bounds]);
  // An amount chosen by the very press that hydrated the form (its island waits for intent, see DonationPage), read
  // before the radios register: registering them one by one unchecks any preset but the first, and a default would
  // change the served summary (a hydration mismatch). So the form starts as served and takes the choice right after.
  const served = useServedChoices(['donation_amount'])?.donation_amount;
  const form = useZodForm(schema, {
    shouldFocusError: false,
    defaultValues: { optional_donation_amount: '' },
  });
  useEffect(() => {
    if (served) form.setValue('donation_amount', served);
  }, [form, served]);
  const field = fieldsOf(form);
  const preset = form.watch('donation_amount') ?? '';
  const custom = form.watch('optional_donation_amount') ?? '';
  const chosen = chosenDonationAmount({ donation_amount: preset, optional_donation_amount: custom }, bounds);
  const presetError = form.formState.errors.donation_amount?.message;
  const range = serverBounds ? { min: formatCOP(serverBounds.min), max: formatCOP(serverBounds.max) } : null;
  let amountNote: string = t.noAmountYet;
  if (chosen.ok) amountNote = monthly ? t.monthlySummary(formatCOP(chosen.amount)) : t.summary(formatCOP(chosen.amount));
  else if (range && (preset || custom) && chosen.message !== donationTexts.noAmount) amountNote = t.outOfRange(range.min, range.max);

  // The custom amount is checked as it is typed (#17): at once when it is within the bounds again or over the maximum,
  // after a pause when it is still below the minimum, and when the field is left.
  const checkTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(checkTimer.current), []);
  const checkCustomAmount = (digits: string, wait: boolean) => {
    clearTimeout(checkTimer.current);
    if (digits === '') return;
    const check = () => void form.trigger('optional_donation_amount');
    if (wait) checkTimer.current = setTimeout(check, TYPING_PAUSE_MS);
    else check();
  };

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

  const submission = useFormSubmission(form, async (values, { honeypot }) => {
    dispatch(checkoutRequested());
    if (monthly) {
      // The provider's page where the donor authorizes the monthly charge with a card; nothing to remember here (the
      // result page shows nothing personal, the receipt and the manage link arrive by e-mail).
      const res = await startMonthly({ body: withHoneypot(values, honeypot) });
      const url = res.kind === 'ok' ? checkoutUrl(res.data) : null;
      if (res.kind !== 'ok' || !url) {
        dispatch(checkoutFailed());
        return contributionFailure(res, Boolean(values.optional_donation_amount));
      }
      dispatch(checkoutReceived());
      window.location.assign(url);
      return sent(url);
    }
    const res = await createContribution({ body: withHoneypot(values, honeypot) });
    const url = res.kind === 'ok' && res.data.id ? checkoutUrl(res.data) : null;
    if (res.kind !== 'ok' || !url) {
      dispatch(checkoutFailed());
      return contributionFailure(res, Boolean(values.optional_donation_amount));
    }
    dispatch(checkoutReceived());
    const pending: PendingDonation = {
      payment_id: res.data.id,
      external_reference: res.data.external_reference,
      amount: res.data.amount,
      timestamp: Date.now(),
    };
    storeJson(PENDING_PAYMENT_KEY, pending);
    // Only this browser holds the donation's claim: the result pages need it to show the payment.
    if (res.data.external_reference && res.data.claim_secret) rememberClaim(res.data.external_reference, res.data.claim_secret);
    window.location.assign(url);
    return sent(url);
  });
  const busy = submission.busy || flow.status === 'success';

  // Choosing one kind of amount empties the other, and the amount's message goes with it.
  const clearAmountErrors = () => form.clearErrors(['donation_amount', 'optional_donation_amount']);
  const presetField = form.register('donation_amount', {
    onChange: () => {
      form.setValue('optional_donation_amount', '');
      clearAmountErrors();
    },
  });
  const customField = field('optional_donation_amount', {
    onChange: (event: { target: HTMLInputElement }) => {
      if (event.target.value === '') return;
      form.setValue('donation_amount', '');
      clearAmountErrors();
    },
  });

  return (
    <SubmissionForm
      className="form card donation-form"
      aria-labelledby="donation-form-title"
      aria-busy={busy}
      submission={submission}
      header={
        <h2 id="donation-form-title" className="visually-hidden">
          {t.formTitle}
        </h2>
      }
      summary={
        <SubmitErrors
          form={form}
          submission={submission}
          title={t.errorsTitle}
          failureInSummary
          focusTarget={(name) => (name === 'donation_amount' ? document.getElementById(presetId(preset || String(presets[0]))) : null)}
        />
      }
      failure="in-summary"
    >
      <fieldset className="frequency-group">
        <legend>{t.frequencyLegend}</legend>
        <div className="amount-presets">
          {frequencies.map((value) => (
            <label key={value} className="frequency-option" htmlFor={`frecuencia-${value}`}>
              <input
                id={`frecuencia-${value}`}
                type="radio"
                name="frequency"
                value={value}
                checked={frequency === value}
                onChange={() => setFrequency(value)}
              />
              <span>{value === 'monthly' ? t.monthly : t.once}</span>
            </label>
          ))}
        </div>
        {monthly ? (
          <p id="frecuencia-nota" className="donation-note">
            {t.monthlyNote}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="amount-group" aria-describedby={presetError ? 'amount-error' : undefined}>
        <legend>
          {t.amountLegend}
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <div className="amount-presets">
          {presets.map((value) => (
            <label key={value} className="amount-preset" htmlFor={presetId(String(value))}>
              <input
                id={presetId(String(value))}
                type="radio"
                value={String(value)}
                // No amount chosen: the presets are the field in error, for a screen reader as for the eye.
                aria-invalid={presetError ? true : undefined}
                {...presetField}
              />
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
          hint={range ? t.customHintWithin(range.min, range.max) : t.customHint}
          {...customField}
          onChange={(event) => {
            // Digits only, as typed (spec §5): letters, dots and spaces never reach the field.
            const digits = digitsOnly(event.target.value);
            if (digits !== event.target.value) event.target.value = digits;
            const stillTyping = !chosenDonationAmount({ optional_donation_amount: digits }, bounds).ok && Number(digits) < bounds.min;
            void customField.onChange(event).then(() => checkCustomAmount(digits, stillTyping));
          }}
          onBlur={(event) => {
            void customField.onBlur(event);
            checkCustomAmount(event.target.value, false);
          }}
        />
        {presetError ? (
          <span id="amount-error" className="field-error">
            {presetError}
          </span>
        ) : null}
        <p className="amount-summary" aria-live="polite">
          {amountNote}
        </p>
      </fieldset>

      <h3 className="donation-form__section">{t.contributorTitle}</h3>
      <p className="donation-note">{t.requiredNote}</p>
      <div className="form-grid">
        <TextField label="Nombres" required autoComplete="given-name" {...field('contributor_name')} />
        <TextField label="Apellidos" required autoComplete="family-name" {...field('contributor_lastname')} />
        <SelectField label="Tipo de identidad" required options={documentTypes} {...field('id_type')} />
        <TextField label="Número de documento" required inputMode="numeric" autoComplete="off" {...field('id_number')} />
        <TextField label="Correo Electrónico" required type="email" autoComplete="email" hint={t.emailHint} {...field('email')} />
        <TextField label="Teléfono" required type="tel" autoComplete="tel" {...field('phone_number')} />
      </div>

      <DataAuthorization form={donationConsent} {...field('data_authorization')} />

      <div className="donation-form__actions">
        <SubmitButton busy={busy} busyLabel={t.submitting} className="btn btn--accent btn--wide">
          {chosen.ok ? (monthly ? t.monthlySubmit(formatCOP(chosen.amount)) : `${t.submit} ${formatCOP(chosen.amount)}`) : t.submit}
        </SubmitButton>
        <p className="donation-form__secure">{t.secure}</p>
        {flow.status === 'success' ? (
          <p role="status" className="donation-note">
            {monthly ? t.monthlyRedirecting : t.redirecting}
          </p>
        ) : null}
      </div>
    </SubmissionForm>
  );
}
