import { documentNumberField, documentTypes, emailField, MAX_TEXT, oneOf, phoneField, requiredText } from 'shared/schemas/common';

/**
 * The messages and the fields every community form shares (the PQRSF's too). Apart from the forms' schemas
 * (./schemas.ts), so a page that needs only these (/pqrsf) does not build every other form's schema when it loads (#33).
 */

/**
 * Messages of spec §8 plus the required-field messages the spec leaves to the browser. The two success messages open
 * with '¡' as Spanish writes them (issue #17); the spec's notes dropped it.
 */
export const communityTexts = {
  registrationSuccess: (id: string) => `¡Registro exitoso! ID: ${id}`,
  registrationFailed: 'Error: No se pudo procesar el registro',
  registrationNetwork: 'Error: No se pudo enviar la información. Por favor intente nuevamente.',
  inquirySuccess: '¡Tu consulta ha sido enviada exitosamente! Nos pondremos en contacto contigo pronto.',
  inquiryFailed: 'Hubo un problema al enviar tu consulta. Por favor, intenta de nuevo.',
  inquiryNetwork: 'Error al procesar tu consulta. Por favor, verifica tu conexión e intenta nuevamente.',
  nameRequired: 'Ingresa tus nombres',
  lastnameRequired: 'Ingresa tus apellidos',
  idTypeRequired: 'Selecciona un tipo de documento',
  idNumberRequired: 'Ingresa tu número de documento',
  idNumberInvalid: 'Número de documento no válido',
  phoneRequired: 'Ingresa tu número de teléfono',
  phoneInvalid: 'Número de teléfono no válido',
  emailRequired: 'Ingresa tu correo electrónico',
  emailInvalid: 'Ingresa un correo electrónico válido',
  ageRequired: 'Ingresa tu edad',
  ageInvalid: 'La edad debe ser un número entre 14 y 99',
  addressRequired: 'Ingresa tu dirección',
  purposesRequired: 'Cuéntanos por qué quieres ser voluntario',
  activitiesRequired: 'Cuéntanos qué actividades te gustaría realizar',
  corporationNameRequired: 'Ingresa el nombre de la empresa',
  corpPhoneRequired: 'Ingresa el teléfono de la empresa',
  representativeNameRequired: 'Ingresa los nombres del representante',
  representativeLastnameRequired: 'Ingresa los apellidos del representante',
  repPhoneRequired: 'Ingresa el teléfono del representante',
  rolTypeRequired: 'Selecciona tu tipo de vínculo',
  requestTypeRequired: 'Selecciona el tipo de solicitud',
  reviewsRequired: 'Describe tu solicitud',
  fullNameRequired: 'Ingresa tu nombre completo',
  guestTypeRequired: 'Selecciona tu interés en el taller',
  commentsRequired: 'Escribe tu consulta',
  firstNameRequired: 'Ingresa tu nombre',
  lastNameRequired: 'Ingresa tu apellido',
  occupationRequired: 'Selecciona tu ocupación',
  empowermentRequired: 'Indica si has hecho un curso de empoderamiento',
  referralRequired: 'Cuéntanos cómo te enteraste del taller',
} as const;

const t = communityTexts;
const idType = oneOf(documentTypes, t.idTypeRequired);
const idNumber = documentNumberField(t.idNumberRequired, t.idNumberInvalid);
const phone = (required: string = t.phoneRequired) => phoneField(required, t.phoneInvalid);
const email = emailField(t.emailRequired, t.emailInvalid);
const longText = (message: string) => requiredText(message, MAX_TEXT, { multiline: true });

/** The fields every community form shares, with the messages above (the PQRSF's schemas use them too). */
export const communityFields = { idType, idNumber, phone, email, longText };
