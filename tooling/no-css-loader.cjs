// The server build renders markup only: a stylesheet import contributes nothing there (the browser build extracts
// the CSS, and the gateway links the route's files).
module.exports = function noCss() {
  return 'export {};';
};
