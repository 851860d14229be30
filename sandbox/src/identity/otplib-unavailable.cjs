// Jest-only stand-in for otplib (see jest.config.js): authenticator-app codes are not part of the site.
const unavailable = () => {
  throw new Error('TOTP no está disponible en las pruebas');
};
module.exports = { generateSecret: unavailable, generateSync: unavailable, verifySync: unavailable };
