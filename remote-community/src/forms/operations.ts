import { defineOperation } from 'shared/api/operation';
import {
  allySchema,
  arteDeAmarteInquirySchema,
  softwareRequestSchema,
  valeSerInquirySchema,
  volunteerSchema,
  allyResponseSchema,
  inquiryResponseSchema,
  softwareRequestResponseSchema,
  volunteerResponseSchema,
} from './schemas';
import type { z } from 'shared/schemas/zod';

/**
 * The community's public forms (volunteers, allies, workshop inquiries, custom software), declared once (#27,
 * shared/api/operation): server/forms.ts registers them with `route`, the screens call them with `useOperationCall`.
 * Each stores the record and answers its id with 201; the honeypot field travels with the body and is refused by the
 * server's `rejectHoneypot` before validation.
 */
export const formsOperations = {
  /** Stores the volunteer and answers its volunteer_id. */
  registerVolunteer: defineOperation({
    method: 'POST',
    path: '/api/community/volunteers',
    body: volunteerSchema,
    response: volunteerResponseSchema,
    status: 201,
    summary: 'Registrar un voluntario',
  }),
  /** Stores the allied company and answers its corporation_id. */
  registerAlly: defineOperation({
    method: 'POST',
    path: '/api/community/allies',
    body: allySchema,
    response: allyResponseSchema,
    status: 201,
    summary: 'Registrar una empresa aliada',
  }),
  /** Stores an inquiry about the Arte de Amarte workshop and answers its id. */
  arteDeAmarteInquiry: defineOperation({
    method: 'POST',
    path: '/api/community/arte-de-amarte/consulta',
    body: arteDeAmarteInquirySchema,
    response: inquiryResponseSchema,
    status: 201,
    summary: 'Enviar una consulta sobre el taller Arte de Amarte',
  }),
  /** Stores an inquiry about the Vale Ser workshop and answers its id. */
  valeSerInquiry: defineOperation({
    method: 'POST',
    path: '/api/community/vale-ser/consulta',
    body: valeSerInquirySchema,
    response: inquiryResponseSchema,
    status: 201,
    summary: 'Enviar una consulta sobre el taller Vale Ser',
  }),
  /** Stores the custom-software request and answers its id. */
  requestSoftware: defineOperation({
    method: 'POST',
    path: '/api/community/custom-software',
    body: softwareRequestSchema,
    response: softwareRequestResponseSchema,
    status: 201,
    summary: 'Solicitar información sobre software a la medida',
  }),
};

/** What either workshop's inquiry form sends (the kit's values, as its schema outputs them). */
export type InquiryBody = ArteDeAmarteBody | ValeSerBody;
export type ArteDeAmarteBody = z.output<typeof arteDeAmarteInquirySchema>;
export type ValeSerBody = z.output<typeof valeSerInquirySchema>;
