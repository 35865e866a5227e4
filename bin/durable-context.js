#!/usr/bin/env node
// The published CLI runs the compiled code (npm run build); in this repository use `npm start`.
require('../lib/cli/index.js');
