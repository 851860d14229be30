// Factus v1's reference tables (its own ids, not DIAN codes), as `data` objects show them: `{ id, code, name }`.
// Only what the stand-in validates against or names in its answers; municipalities are a handful of examples, since
// the id ↔ DANE mapping is Factus's own and not derivable.

export interface Named {
  id: number;
  code: string;
  name: string;
}

const table = (rows: Array<[number, string, string]>): ReadonlyMap<number, Named> =>
  new Map(rows.map(([id, code, name]) => [id, { id, code, name }]));

/** identification_document_id → DIAN code and name. */
export const identificationDocuments = table([
  [1, '11', 'Registro civil'],
  [2, '12', 'Tarjeta de identidad'],
  [3, '13', 'Cédula de ciudadanía'],
  [4, '21', 'Tarjeta de extranjería'],
  [5, '22', 'Cédula de extranjería'],
  [6, '31', 'NIT'],
  [7, '41', 'Pasaporte'],
  [8, '42', 'Documento de identificación extranjero'],
  [9, '47', 'PEP'],
  [10, '50', 'NIT otro país'],
  [11, '91', 'NUIP'],
]);
export const NIT_DOCUMENT_ID = 6;
/** Cédula de ciudadanía: the document the consumidor final (222222222222) goes with. */
export const CEDULA_DOCUMENT_ID = 3;
export const FINAL_CONSUMER_ID = '222222222222';

export const legalOrganizations = table([
  [1, '1', 'Persona Jurídica'],
  [2, '2', 'Persona Natural'],
]);

/** customer.tribute_id */
export const customerTributes = table([
  [18, '01', 'IVA'],
  [21, 'ZZ', 'No aplica'],
]);

/** items.tribute_id (GET /v1/tributes/products). */
export const productTributes = table([
  [1, '01', 'IVA'],
  [2, '02', 'IC'],
  [3, '03', 'ICA'],
  [4, '04', 'INC'],
  [5, '05', 'ReteIVA'],
  [6, '06', 'ReteRenta'],
  [7, '07', 'ReteICA'],
  [8, '08', 'IC Porcentual'],
  [9, '20', 'FtoHorticultura'],
  [10, '21', 'Timbre'],
  [11, '22', 'INC Bolsas'],
  [12, '23', 'INCarbono'],
  [13, '24', 'INCarbono'],
  [14, '24', 'INCombustibles'],
  [15, '25', 'Sobretasa Combustibles'],
  [16, '26', 'Sordicom'],
  [17, '30', 'IC Datos'],
]);

/** Withholding codes (items.withholding_taxes.code takes the code, not the id). */
export const withholdingNames: Readonly<Record<string, string>> = { '05': 'ReteIVA', '06': 'ReteRenta', '07': 'ReteICA' };

/** unit_measure_id (GET /v1/measurement-units): the usual ones; any other positive id is accepted and named generically. */
export const unitMeasures = table([
  [70, '94', 'unidad'],
  [414, 'KGM', 'kilogramo'],
  [449, 'LBR', 'libra'],
  [512, 'MTR', 'metro'],
  [874, 'GLL', 'galón'],
]);

export const standardCodes = table([
  [1, '999', 'Estándar de adopción del contribuyente'],
  [2, '001', 'UNSPSC'],
  [3, '020', 'Partida Arancelaria'],
  [4, '010', 'GTIN'],
]);

export const paymentForms: Readonly<Record<string, string>> = { '1': 'Pago de contado', '2': 'Pago a crédito' };

export const paymentMethods: Readonly<Record<string, string>> = {
  '10': 'Efectivo',
  '42': 'Consignación',
  '20': 'Cheque',
  '47': 'Transferencia',
  '71': 'Bonos',
  '72': 'Vales',
  '1': 'Medio de pago no definido',
  '49': 'Tarjeta Débito',
  '48': 'Tarjeta Crédito',
  ZZZ: 'Otro',
};

export const billDocuments: Readonly<Record<string, string>> = {
  '01': 'Factura electrónica de Venta',
  '03': 'Instrumento electrónico de transmisión - tipo 03',
};

export const operationTypes: Readonly<Record<string, string>> = { '10': 'Estándar', '11': 'Mandatos', '12': 'Transporte' };

export const correctionConcepts: Readonly<Record<string, string>> = {
  '1': 'Devolución parcial de los bienes y/o no aceptación parcial del servicio',
  '2': 'Anulación de factura electrónica',
  '3': 'Rebaja o descuento parcial o total',
  '4': 'Ajuste de precio',
  '5': 'Descuento comercial por pronto pago',
  '6': 'Descuento comercial por volumen de ventas',
};

export const creditNoteCustomizations: Readonly<Record<string, string>> = {
  '20': 'Nota Crédito que referencia una factura electrónica',
  '22': 'Nota Crédito sin referencia a facturas',
};

/** Numbering-range document codes. */
export const rangeDocuments: Readonly<Record<string, string>> = {
  '21': 'Factura de Venta',
  '22': 'Nota Crédito',
  '23': 'Nota Débito',
  '24': 'Documento Soporte',
  '25': 'Nota de Ajuste Documento Soporte',
  '26': 'Nómina',
  '27': 'Nota de Ajuste Nómina',
  '28': 'Nota de eliminación de nómina',
  '30': 'Factura de talonario y de papel',
};

/** A few municipalities (Factus id → DANE code, name, department) for the answers' `municipality` objects. */
export const municipalities: ReadonlyMap<
  number,
  { id: number; code: string; name: string; department: { id: number; code: string; name: string } }
> = new Map([
  [980, { id: 980, code: '68679', name: 'San Gil', department: { id: 28, code: '68', name: 'Santander' } }],
  [996, { id: 996, code: '68872', name: 'Villanueva', department: { id: 28, code: '68', name: 'Santander' } }],
]);
