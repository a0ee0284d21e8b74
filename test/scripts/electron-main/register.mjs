// `node --import ./register.mjs ...`: installs hooks.mjs before the main bundle loads.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
