// Jest-only stand-in for otplib (see jest.config.js). cognito-local's TOTP service requires otplib when it loads, and
// otplib's ESM-only dependencies cannot be required under Jest on Node 20. Nothing calls it: the emulator answers every
// TOTP call itself with shared/server/totp (staff-bridges.ts), under Jest and npm start alike. Reaching it is a bug.
const unreachable = () => {
  throw new Error('otplib no se usa: el emulador verifica los códigos TOTP con shared/server/totp (staff-bridges.ts)');
};
module.exports = { generateSecret: unreachable, generateSync: unreachable, verifySync: unreachable };
