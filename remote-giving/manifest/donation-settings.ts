import { publishedDocument } from 'shared/publishing/snapshot';
import type { DonationSettings } from './documents';

/**
 * The donation settings' read side (#28): what the donation page shows and checks. Apart from their declaration
 * (./documents.ts: the schema finanzas' edits are checked against, the panel's operation), so the page does not build
 * that schema when it loads (#33); the API and the panel import ./documents.ts, which re-exports these.
 */

/** The document's name (`giving.donation`). */
export const DONATION_DOCUMENT = 'giving.donation';

/** What the code carried before #28: the spec's presets, DONATION_MIN_COP / DONATION_MAX_COP's defaults, the page's texts. */
export const donationSettingsDefaults: DonationSettings = {
  presets: [{ amount: 20_000 }, { amount: 50_000 }, { amount: 100_000 }],
  min: 5_000,
  max: 20_000_000,
  intro:
    'Tu donación en pesos colombianos financia la formación de personas en situación de vulnerabilidad. Elige un monto o escribe el tuyo.',
  paymentDescription: 'Apoyo a la formación de personas en situación de vulnerabilidad.',
  receiptThanks: 'Recibimos tu donación. Con ella más personas en situación de vulnerabilidad podrán formarse para el empleo.',
};

/** What is published now (read at each use: a publication reaches the page and the API within seconds). */
export const donationSettings = (): DonationSettings => publishedDocument(DONATION_DOCUMENT, donationSettingsDefaults);

/** The amount buttons published now, in whole COP. */
export const donationPresets = (): number[] => donationSettings().presets.map((p) => p.amount);
