import { describe, expect, it } from '@jest/globals';
import { site, type Site } from '../config/site';
import {
  foundationDataProblems,
  malformedFoundationData,
  pendingFoundationData,
  readAllowPendingFoundationData,
} from './foundation-data-check';
import { assertProductionReady, MIN_WEBHOOK_SECRET_LENGTH, productionProblems, readCommonConfig } from './server-config';

/** Every value filled in, well formed (made-up, for the test). */
const complete: Site = {
  ...site,
  nit: '901.234.567-8',
  contact: { ...site.contact, phoneDisplay: '+57 608 742 1938', chatPhone: '573107421938', address: 'Carrera 9 # 18-40, Tunja, Boyacá' },
  social: site.social.map((s) => ({ ...s, url: `https://social.example/${s.name.toLowerCase()}/tejiendo` })),
  bookingUrl: 'https://reservas.example/alojamiento/casa-rural-tejiendo',
  legal: { ...site.legal, privacyEffectiveDate: '2 de febrero de 2027', termsEffectiveDate: '2 de febrero de 2027' },
  certificates: {
    city: 'Tunja, Boyacá',
    destination: 'Becas de formación para el empleo',
    legalRepresentative: 'Ana María Rojas Peña, C.C. 40.123.456',
    fiscalReviewer: 'Luis Pérez Gómez, T.P. 123456-T',
  },
  esal: {
    documents: site.esal.documents.map((d, i) => ({ ...d, url: `https://docs.example/esal-${i}.pdf` })),
    meritoriousActivity: 'Educación',
    surplusReinvestment: 'Becas',
    directors: 'Consejo directivo',
    donations: 'Informe de donaciones',
    annualReport: 'Informe anual',
    financialStatements: 'Estados financieros',
  },
};

/** Real-looking credentials, so that only the foundation's data is left to judge. */
const readyEnv = {
  NODE_ENV: 'production',
  MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456',
  MERCADOPAGO_PUBLIC_KEY: 'APP_USR-pub-7890',
  MERCADOPAGO_WEBHOOK_SECRET: 'a'.repeat(MIN_WEBHOOK_SECRET_LENGTH),
  COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123',
  COGNITO_CLIENT_ID: '4example',
  COGNITO_REGION: 'us-east-1',
  SMTP_URL: 'smtp://correo.example:587',
  OBJECT_STORE_BUCKET: 'fundacion-archivos',
};

describe('foundation data in production', () => {
  const hasPending = pendingFoundationData().length > 0;

  (hasPending ? it : it.skip)('refuses to start while values are pending, naming them and the way out', () => {
    const config = readCommonConfig(readyEnv, 'https://sitio.example');
    const problems = productionProblems(config);
    expect(problems).toEqual([expect.stringMatching(/^Faltan datos de la fundación en shared\/src\/config\/site\.ts: /)]);
    for (const field of pendingFoundationData()) expect(problems[0]).toContain(field.label);
    expect(problems[0]).toContain('ALLOW_PENDING_FOUNDATION_DATA=1');
    expect(() => assertProductionReady(config)).toThrow(/^No se puede iniciar en producción:\n- Faltan datos de la fundación/);
  });

  it('starts with pending values when ALLOW_PENDING_FOUNDATION_DATA=1 says so explicitly', () => {
    for (const value of ['1', 'true']) {
      const config = readCommonConfig({ ...readyEnv, ALLOW_PENDING_FOUNDATION_DATA: value }, 'https://sitio.example');
      expect(productionProblems(config)).toEqual([]);
      expect(() => assertProductionReady(config)).not.toThrow();
    }
    for (const value of ['', '0', 'no']) {
      const config = readCommonConfig({ ...readyEnv, ALLOW_PENDING_FOUNDATION_DATA: value }, 'https://sitio.example');
      expect(config.allowPendingFoundationData).toBe(false);
    }
  });

  it('refuses the pending values of any data set, and accepts a complete one without the allowance', () => {
    const pendingPhone: Site = { ...complete, contact: { ...complete.contact, chatPhone: null, address: null } };
    expect(foundationDataProblems({ production: true }, pendingPhone)).toEqual([
      expect.stringMatching(/: WhatsApp \(botones de chat\), Dirección\. Complétalos, o define ALLOW_PENDING_FOUNDATION_DATA=1/),
    ]);
    expect(foundationDataProblems({ production: true, allowPendingFoundationData: true }, pendingPhone)).toEqual([]);
    expect(foundationDataProblems({ production: true }, complete)).toEqual([]);
    expect(pendingFoundationData(complete)).toEqual([]);
  });

  it('checks nothing outside production (npm start lists the pending values instead)', () => {
    expect(foundationDataProblems({ production: false })).toEqual([]);
    expect(readAllowPendingFoundationData({})).toBe(false);
  });

  it.each<[string, Site, RegExp]>([
    [
      'a WhatsApp number with + and spaces',
      { ...complete, contact: { ...complete.contact, chatPhone: '+57 310 742 1938' } },
      /contact\.chatPhone/,
    ],
    [
      'a WhatsApp number without country code',
      { ...complete, contact: { ...complete.contact, chatPhone: '3107421938' } },
      /contact\.chatPhone/,
    ],
    ['a phone without +57', { ...complete, contact: { ...complete.contact, phoneDisplay: '608 742 1938' } }, /contact\.phoneDisplay/],
    ['a NIT without check digit', { ...complete, nit: '901234567' }, /nit \(NIT\)/],
    ["a booking site's home page", { ...complete, bookingUrl: 'https://www.booking.com/' }, /bookingUrl .* no su página de inicio/],
    ['an http social link', { ...complete, social: [{ name: 'Facebook', url: 'http://facebook.com/x' }] }, /social\[0\]\.url/],
    ['an empty address', { ...complete, contact: { ...complete.contact, address: ' ' } }, /contact\.address/],
  ])('refuses %s even with the allowance', (_label, data, message) => {
    expect(malformedFoundationData(data)).toHaveLength(1);
    expect(foundationDataProblems({ production: true, allowPendingFoundationData: true }, data)).toEqual([
      expect.stringMatching(/^Dato de la fundación mal escrito en shared\/src\/config\/site\.ts: /),
    ]);
    expect(foundationDataProblems({ production: true, allowPendingFoundationData: true }, data)[0]).toMatch(message);
  });
});
