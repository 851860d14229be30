// Jest's stand-in for the CSS files screens import (webpack extracts them in builds; component tests need no styles).
module.exports = {};
