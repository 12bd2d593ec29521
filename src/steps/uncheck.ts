import { elementVerb } from './lib.js';

export const verb = elementVerb({ verb: 'uncheck', order: 70, description: 'uncheck a checkbox', act: (el, timeout) => el.uncheck({ timeout }), example: 'uncheck: "#newsletter"', placeholder: '#checkbox' });
