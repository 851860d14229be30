import { isPrintableName } from 'shared/schemas/common';
import { renderMail, type MailContent } from 'shared/server/mail-template';
import type { OutgoingMail } from 'shared/server/mailer';
import type { IdentityMessage } from './emulator';

/**
 * The e-mails the identity provider sends, worded as the foundation would (a real pool is configured with the same
 * texts in Cognito's message templates). `origin` is the site's public origin, for the confirmation link.
 */
export function identityMail(message: IdentityMessage, origin: string): OutgoingMail {
  // The name is whatever the sign-up wrote to the provider: greeted with only when it is a name (shared/schemas/common).
  const greeting = isPrintableName(message.name) ? `Hola, ${message.name.trim().split(/\s+/)[0]}:` : 'Hola:';
  const confirmUrl = `${origin}/confirm-email?email=${encodeURIComponent(message.to)}`;
  const contents: Record<IdentityMessage['kind'], Omit<MailContent, 'to' | 'greeting'>> = {
    SignUp: {
      subject: 'Confirma tu correo',
      paragraphs: [
        'Gracias por crear tu cuenta. Para activarla, escribe este código de confirmación en la página de confirmación:',
        `Tu código es ${message.code}`,
        'Si no creaste una cuenta, ignora este mensaje.',
      ],
      action: { label: 'Confirmar mi correo', url: confirmUrl, public: true },
    },
    ResendCode: {
      subject: 'Tu nuevo código de confirmación',
      paragraphs: ['Pediste un nuevo código para activar tu cuenta. Los códigos anteriores ya no sirven.', `Tu código es ${message.code}`],
      action: { label: 'Confirmar mi correo', url: confirmUrl, public: true },
    },
    ForgotPassword: {
      subject: 'Restablece tu contraseña',
      paragraphs: [
        'Recibimos una solicitud para cambiar la contraseña de tu cuenta. Escribe este código en la página de inicio de sesión, junto con tu nueva contraseña:',
        `Tu código es ${message.code}`,
        'Si no lo pediste, ignora este mensaje: tu contraseña sigue igual.',
      ],
      action: { label: 'Ir a iniciar sesión', url: `${origin}/login`, public: true },
    },
    AdminCreateUser: {
      subject: 'Tu cuenta fue creada',
      paragraphs: [
        'Creamos una cuenta para ti. Ingresa con tu correo y esta contraseña temporal; al entrar te pediremos una nueva.',
        `Contraseña temporal: ${message.code}`,
      ],
      action: { label: 'Iniciar sesión', url: `${origin}/login`, public: true },
    },
    Other: {
      subject: 'Tu código de verificación',
      paragraphs: [`Tu código es ${message.code}`],
    },
  };
  // Every code and temporary password is redacted from the stored copy once delivered (mailer.ts).
  return renderMail({ to: message.to, greeting, ...contents[message.kind], secrets: [message.code] });
}
